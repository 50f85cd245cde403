import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBody } from './message-body';

const show = (content: string) => render(<MessageBody content={content} mentions={[]} />);

describe('MessageBody reads as people wrote (issue 45, item 10)', () => {
  it('quotes only the `>` lines, not the reply under them', () => {
    const { container } = show('> On se voit jeudi ?\nOui, à 14 h.\nJ’apporte les maquettes.');
    const quote = container.querySelector('blockquote');
    expect(quote).toHaveTextContent('On se voit jeudi ?');
    expect(quote).not.toHaveTextContent('Oui, à 14 h.');
    expect(screen.getByText(/Oui, à 14 h\./)).not.toBeNull();
    expect(screen.getByText(/Oui, à 14 h\./).closest('blockquote')).toBeNull();
  });

  it('keeps a quote of several `>` lines together', () => {
    const { container } = show('> un\n> deux\ntrois');
    expect(container.querySelectorAll('blockquote')).toHaveLength(1);
    expect(container.querySelector('blockquote')).toHaveTextContent(/un\s*deux/);
    expect(container.querySelector('blockquote')).not.toHaveTextContent('trois');
  });

  it('shows `:tada:` typed in full as the emoji, but not in code', async () => {
    const { container } = show('Livré :tada: :+1:\n\n`:tada:` s’écrit ainsi');
    expect(await screen.findByText('Livré 🎉 👍')).not.toBeNull();
    expect(container.querySelector('code')).toHaveTextContent(':tada:');
  });
});
