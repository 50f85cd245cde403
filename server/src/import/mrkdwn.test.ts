import { describe, expect, it } from 'vitest';
import { emojiFromShortName } from './emoji';
import { markedMentions, mentionMarker, mrkdwnToMarkdown, resolveMentions } from './mrkdwn';
import { refusedReaction } from './write';

const ctx = { channelName: (id: string) => ({ C1: 'général' })[id] };
const convert = (text: string) =>
  resolveMentions(
    mrkdwnToMarkdown(text, ctx),
    (key) => ({ U1: 'Alice', U2: 'Bruno Petit' })[key] ?? key,
  );

describe('Slack mrkdwn into Ruche markdown', () => {
  it('turns bold, italic and strike into markdown, leaving words with underscores or stars alone', () => {
    expect(convert('*gras* _italique_ ~barré~')).toBe('**gras** *italique* ~~barré~~');
    expect(convert('snake_case_name et 2*3*4 et a~b~c')).toBe('snake_case_name et 2*3*4 et a~b~c');
    expect(convert('(*important*), _vraiment_.')).toBe('(**important**), *vraiment*.');
    expect(convert('*pas fermé')).toBe('*pas fermé');
    expect(convert('*gras _et italique_*')).toBe('**gras *et italique***');
  });

  it('turns references into links, mentions and channel names, and decodes entities', () => {
    expect(convert('<https://exemple.fr/a_b?x=1&amp;y=2|la *page*>')).toBe(
      '[la *page*](https://exemple.fr/a_b?x=1&y=2)',
    );
    expect(convert('<https://exemple.fr/_x_>')).toBe('https://exemple.fr/_x_');
    expect(convert('<mailto:a@b.fr|a@b.fr>')).toBe('a@b.fr');
    expect(convert('Merci <@U1> et <@U2|bruno> !')).toBe('Merci @Alice et @Bruno Petit !');
    expect(convert('Voir <#C1> et <#C9|ailleurs>')).toBe('Voir #général et #ailleurs');
    expect(convert('<!here> <!channel> <!everyone> <!subteam^S1|@équipe>')).toBe(
      '@here @channel @everyone @équipe',
    );
    expect(convert('1 &lt; 2 &amp;&amp; 3 &gt; 2')).toBe('1 < 2 && 3 > 2');
    expect(markedMentions(mrkdwnToMarkdown('<@U1> <@U2> <@U1>', ctx))).toEqual(['U1', 'U2']);
  });

  it('keeps code as written, with a one-line block put on lines of its own', () => {
    expect(convert('avant `*pas gras* <@U1>` après')).toBe('avant `*pas gras* <@U1>` après');
    expect(convert('Voici ```const a = b_c * d_e;``` fin')).toBe(
      'Voici\n```\nconst a = b_c * d_e;\n```\n fin',
    );
    expect(convert('```\nligne 1\n&lt;div&gt;\n```')).toBe('```\nligne 1\n<div>\n```');
    expect(convert('``` pas fermé *gras*')).toBe('``` pas fermé **gras**');
  });

  it('never mistakes typed text for a mention marker', () => {
    expect(resolveMentions('texte sans marqueur', () => 'X')).toBe('texte sans marqueur');
    expect(resolveMentions(`a ${mentionMarker('U1')} b`, () => 'Alice')).toBe('a @Alice b');
  });
});

describe('emoji short names', () => {
  it('gives Unicode for standard names, with skin tones, and keeps custom ones as :name:', () => {
    expect(emojiFromShortName('+1')).toBe('👍');
    expect(emojiFromShortName('thumbsup')).toBe('👍');
    expect(emojiFromShortName('thumbsup::skin-tone-6')).toBe('👍🏿');
    expect(emojiFromShortName('heart')).toBe('❤️');
    expect(emojiFromShortName('tada')).toBe('🎉');
    expect(emojiFromShortName('white_check_mark')).toBe('✅');
    expect(emojiFromShortName('partyparrot')).toBe(':partyparrot:');
  });
});

describe('reactions the import keeps', () => {
  it('keeps a custom :name: of 2 to 32 of a-z, 0-9, _ and - (Ruche shows it as text if it lacks it)', () => {
    for (const kept of [
      ':ok:',
      ':perroquet_qui_danse:',
      `:${'a'.repeat(32)}:`,
      ':party-parrot_2:',
    ]) {
      expect(refusedReaction(kept)).toBeNull();
    }
    expect(refusedReaction('👍🏿')).toBeNull();
  });

  it('says precisely why it skips one', () => {
    for (const bad of [':a:', `:${'a'.repeat(33)}:`, ':Grand:', ':plus+un:']) {
      expect(refusedReaction(bad)).toBe(
        `émoji personnalisé au nom que Ruche n’accepte pas, 2 à 32 caractères a-z, 0-9, _ ou - (${bad})`,
      );
    }
    expect(refusedReaction('👍'.repeat(11))).toBe(`émoji trop long (${'👍'.repeat(11)})`);
  });
});
