import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { ComboboxInput, ComboboxOption, useComboboxList } from './combobox';

const CHANNELS = ['général', 'design', 'annonces'];

/** A quick-switcher-like box over a fixed list: the pieces as the app composes them. */
function ChannelBox({ onChoose }: { onChoose: (name: string | undefined) => void }) {
  const [query, setQuery] = useState('');
  const entries = CHANNELS.filter((name) => name.includes(query));
  const list = useComboboxList({ entries, keyOf: (name) => name, onChoose });
  return (
    <>
      <ComboboxInput
        combobox={list}
        label="Aller à un canal"
        placeholder="Nom du canal"
        value={query}
        onValueChange={setQuery}
        icon={null}
      />
      <div id={list.listId} role="listbox" aria-label="Canaux">
        {entries.map((name, index) => (
          <ComboboxOption
            key={name}
            id={list.optionId(name)}
            active={name === list.active}
            onHover={() => list.setActiveIndex(index)}
            onChoose={() => onChoose(name)}
          >
            {name}
          </ComboboxOption>
        ))}
      </div>
    </>
  );
}

function renderBox() {
  const chosen: (string | undefined)[] = [];
  const rendered = renderApp(<ChannelBox onChoose={(name) => chosen.push(name)} />);
  const input = screen.getByRole('combobox', { name: 'Aller à un canal' });
  const option = (name: string) => screen.getByRole('option', { name });
  return { ...rendered, chosen, input, option };
}

describe('the combobox (components/combobox.tsx, WAI-ARIA "Combobox with listbox popup")', () => {
  it('keeps the focus in the box while the arrows move the active option, round the ends', async () => {
    const { user, input, option } = renderBox();
    await user.click(input);
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(input).toHaveAttribute('aria-activedescendant', option('général').id);
    expect(option('général')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-activedescendant', option('annonces').id);
    expect(option('général')).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', option('général').id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', option('annonces').id);
  });

  it('chooses the active option with Entrée, and the one clicked', async () => {
    const { user, input, option, chosen } = renderBox();
    await user.type(input, 'es{ArrowDown}{Enter}');
    expect(chosen).toEqual(['annonces']);

    await user.clear(input);
    await user.hover(option('général'));
    expect(option('général')).toHaveAttribute('aria-selected', 'true');
    await user.click(option('général'));
    expect(chosen).toEqual(['annonces', 'général']);
  });

  it('starts again at the top of the list when the text changes', async () => {
    const { user, input, option } = renderBox();
    expect(input).toHaveAttribute('placeholder', 'Nom du canal');
    await user.type(input, 'n{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', option('annonces').id);
    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-activedescendant', option('général').id);
  });

  it('has nothing to choose when nothing matches', async () => {
    const { user, input, chosen } = renderBox();
    await user.type(input, 'zzz{Enter}');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(chosen).toEqual([undefined]);
  });
});
