import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLLBAR_HIDE_DELAY_MS } from '#shared/limits';
import { ScrollArea } from './scroll-area';

describe('the scroll area’s bar (docs/product.md §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const area = () => {
    render(
      <ScrollArea data-testid="area">
        <p>Canaux</p>
      </ScrollArea>,
    );
    return screen.getByTestId('area');
  };

  it('shows while scrolling and hides 600 ms after the last scroll', () => {
    const scroller = area();
    expect(scroller.dataset.scrollbar).toBeUndefined();
    fireEvent.scroll(scroller);
    expect(scroller.dataset.scrollbar).toBe('shown');
    vi.advanceTimersByTime(SCROLLBAR_HIDE_DELAY_MS - 100);
    fireEvent.scroll(scroller);
    vi.advanceTimersByTime(SCROLLBAR_HIDE_DELAY_MS - 1);
    expect(scroller.dataset.scrollbar).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(scroller.dataset.scrollbar).toBeUndefined();
  });

  it('stays while the pointer is over it, and hides 600 ms after it leaves', () => {
    const scroller = area();
    fireEvent.pointerEnter(scroller);
    fireEvent.scroll(scroller);
    vi.advanceTimersByTime(SCROLLBAR_HIDE_DELAY_MS * 3);
    expect(scroller.dataset.scrollbar).toBe('shown');
    fireEvent.pointerLeave(scroller);
    vi.advanceTimersByTime(SCROLLBAR_HIDE_DELAY_MS - 1);
    expect(scroller.dataset.scrollbar).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(scroller.dataset.scrollbar).toBeUndefined();
  });
});
