import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useListKeyboard } from './use-list-keyboard';

/**
 * A list as MessageList wires the hook: a scroller, rows that are `article[data-message-id]`
 * with a toolbar, and only a window of them rendered (`shown`), as Virtuoso renders them.
 */
function List({
  ids,
  initiallyShown = ids,
  onEscape = () => {},
}: {
  ids: string[];
  initiallyShown?: string[];
  onEscape?: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(initiallyShown);
  const keyboard = useListKeyboard({
    ids,
    container,
    // Virtuoso's scrollIntoView: the window moves to show the row.
    scrollTo: (index) => setShown(ids.slice(Math.max(0, index - 1), index + 2)),
    onEscape,
  });
  const { rowsRendered } = keyboard;
  useEffect(() => rowsRendered(shown), [shown, rowsRendered]);
  return (
    <>
      <button type="button">Avant</button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: as in message-list.tsx */}
      <div ref={container} onKeyDown={keyboard.onKeyDown} onFocus={keyboard.onFocus}>
        <span ref={keyboard.exitBefore} tabIndex={-1} />
        <div data-virtuoso-scroller="true" tabIndex={keyboard.tabStopId ? -1 : 0}>
          {shown.map((id) => (
            <article
              key={id}
              aria-label={`message ${id}`}
              data-message-id={id}
              tabIndex={id === keyboard.tabStopId ? 0 : -1}
            >
              <p>Texte {id}</p>
              <div role="toolbar" aria-label={`Actions ${id}`}>
                <button type="button">Réagir à {id}</button>
              </div>
            </article>
          ))}
        </div>
        <span ref={keyboard.exitAfter} tabIndex={-1} />
      </div>
      <textarea aria-label="Message" />
    </>
  );
}

const message = (id: string) => screen.getByRole('article', { name: `message ${id}` });

describe('the message list’s keyboard (issue 45 item 15)', () => {
  it('is one tab stop: Tab lands on the newest message, the arrows move, Home and End jump', async () => {
    const user = userEvent.setup();
    render(<List ids={['a', 'b', 'c', 'd']} />);
    await user.click(screen.getByRole('button', { name: 'Avant' }));
    await user.tab();
    // The scroller hands the focus to the newest message in view.
    await vi.waitFor(() => expect(message('d')).toHaveFocus());
    // Only one row is in the tab order.
    expect(screen.getAllByRole('article').filter((row) => row.tabIndex === 0)).toEqual([
      message('d'),
    ]);

    await user.keyboard('{ArrowUp}');
    expect(message('c')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(message('a')).toHaveFocus();
    await user.keyboard('{End}');
    expect(message('d')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(message('a')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(message('b')).toHaveFocus();
    expect(screen.getAllByRole('article').filter((row) => row.tabIndex === 0)).toEqual([
      message('b'),
    ]);
  });

  it('Enter goes into the message’s actions, Escape back to the composer', async () => {
    const user = userEvent.setup();
    const onEscape = vi.fn();
    render(<List ids={['a', 'b']} onEscape={onEscape} />);
    message('b').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Réagir à b' })).toHaveFocus();
    message('a').focus();
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('Tab from the current message goes through its own controls, then out of the list', async () => {
    const user = userEvent.setup();
    render(<List ids={['a', 'b', 'c']} />);
    message('b').focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Réagir à b' })).toHaveFocus();
    await user.tab();
    // Past the other messages' controls: the composer is next.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    // Shift+Tab comes back to the list's current message, not to the last row's button.
    await user.tab({ shift: true });
    expect(message('b')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Avant' })).toHaveFocus();
  });

  it('moves to a message that is not rendered yet once the list has scrolled to it', async () => {
    const user = userEvent.setup();
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    render(<List ids={ids} initiallyShown={['e', 'f']} />);
    message('e').focus();
    await user.keyboard('{ArrowUp}');
    await vi.waitFor(() => expect(message('d')).toHaveFocus());
    await user.keyboard('{Home}');
    await vi.waitFor(() => expect(message('a')).toHaveFocus());
  });
});
