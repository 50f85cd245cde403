import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomEmoji } from '#shared/emoji';
import { CustomEmojiProvider } from '@/features/emoji';
import { MessageBody } from './message-body';

const parrot: CustomEmoji = {
  name: 'perroquet',
  url: '/api/emoji/images/6f1c2a8e-1d5b-4c1e-9a51-0f3b8e2d7c44',
  animated: true,
  author: null,
  createdAt: '2026-12-02T09:00:00.000Z',
};

function show(content: string) {
  return render(
    <CustomEmojiProvider initial={[parrot]}>
      <MessageBody content={content} mentions={[]} />
    </CustomEmojiProvider>,
  );
}

describe('MessageBody with custom emoji (docs/product.md, "Émojis personnalisés")', () => {
  it('shows :nom: of one that exists as its image at text size, not in code', () => {
    const { container } = show(
      'Bravo :perroquet: !\n\n`:perroquet:` et :inconnu: restent du texte',
    );
    const image = screen.getByRole('img', { name: ':perroquet:' });
    expect(image.getAttribute('src')).toBe(parrot.url);
    expect(image.className).toContain('size-[1.375em]');
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.querySelector('code')).toHaveTextContent(':perroquet:');
    expect(container).toHaveTextContent(':inconnu: restent du texte');
  });

  it('leaves `:nom:` inside a word or a time alone', () => {
    const { container } = show('a:perroquet:b et 10:perroquet:');
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });
});
