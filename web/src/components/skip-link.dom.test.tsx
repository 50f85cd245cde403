import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useRegisterSkipTarget } from '@/lib/skip-link';
import { SkipLink } from './skip-link';

function Screen({ withTarget }: { withTarget: boolean }) {
  const box = useRef<HTMLTextAreaElement>(null);
  useRegisterSkipTarget('Aller au champ de message', () => box.current?.focus(), withTarget);
  return (
    <>
      <SkipLink />
      <nav>
        <a href="/friends">Amis</a>
      </nav>
      <textarea ref={box} aria-label="Message" />
    </>
  );
}

describe('the skip link (issue 45 item 15)', () => {
  it('is the first tab stop and Enter lands in the composer', async () => {
    const user = userEvent.setup();
    render(<Screen withTarget />);
    await user.tab();
    const link = screen.getByRole('button', { name: 'Aller au champ de message' });
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('is not there when the screen has nowhere to skip to', () => {
    render(<Screen withTarget={false} />);
    expect(screen.queryByRole('button', { name: 'Aller au champ de message' })).toBeNull();
  });
});
