import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as fr from '@zxcvbn-ts/language-fr';

/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" in its scale. */
export const PASSWORD_SCORE_MIN = 3;

let factory: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take ~120 ms and a few MB to load. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...fr.dictionary },
    graphs: common.adjacencyGraphs,
    translations: fr.translations,
  });
  return factory;
}

/**
 * Why a new password is too easy to guess, in French, or null when it is strong enough.
 * `related` are the person's own words (email, names), which a guesser tries first.
 */
export function passwordWeakness(password: string, related: (string | null)[] = []): string | null {
  const words = related.flatMap((word) => (word ? word.toLowerCase().split(/[@.\s_-]/) : []));
  const result = estimator().check(
    password,
    words.filter((w) => w.length > 2),
  );
  if (result.score >= PASSWORD_SCORE_MIN) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  return ['Ce mot de passe est trop facile à deviner.', ...why].join(' ');
}
