import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_STEP, FIRST_CARDS, ROW_STEP, useRowsInSteps } from './tableRows.tsx';

afterEach(cleanup);

describe('rows replacing the skeleton in steps', () => {
  it('shows a first step, then every row; later changes show at once and the skeleton starts again', async () => {
    const total = ROW_STEP * 3 + 5;
    const { result, rerender } = renderHook(({ rows, loading }) => useRowsInSteps(rows, loading), {
      initialProps: { rows: 0, loading: true },
    });
    rerender({ rows: total, loading: false });
    expect(result.current).toBe(ROW_STEP);
    await waitFor(() => expect(result.current).toBe(total));

    // A row added after all have shown (a save) is there at once.
    rerender({ rows: total + 1, loading: false });
    expect(result.current).toBe(total + 1);

    act(() => rerender({ rows: total + 1, loading: true }));
    rerender({ rows: total, loading: false });
    expect(result.current).toBe(ROW_STEP);
    await waitFor(() => expect(result.current).toBe(total));
  });

  it('starts the steps again on another page', async () => {
    const total = ROW_STEP * 2 + 3;
    const { result, rerender } = renderHook(({ rows, page }) => useRowsInSteps(rows, false, page), {
      initialProps: { rows: total, page: 1 },
    });
    await waitFor(() => expect(result.current).toBe(total));
    rerender({ rows: total, page: 2 });
    expect(result.current).toBe(ROW_STEP);
    await waitFor(() => expect(result.current).toBe(total));
  });

  it("a phone's cards: the first step is the card or two a screen shows, then steps of CARD_STEP, again on another page", async () => {
    const total = 50;
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ rows, loading, page }) => {
        const shown = useRowsInSteps(rows, loading, page, CARD_STEP, FIRST_CARDS);
        if (seen.at(-1) !== shown) seen.push(shown);
        return shown;
      },
      { initialProps: { rows: 0, loading: true, page: 1 } },
    );
    seen.length = 0;
    rerender({ rows: total, loading: false, page: 1 });
    expect(result.current).toBe(FIRST_CARDS);
    await waitFor(() => expect(result.current).toBe(total));
    expect(seen.slice(0, 3)).toEqual([FIRST_CARDS, FIRST_CARDS + CARD_STEP, FIRST_CARDS + 2 * CARD_STEP]);

    rerender({ rows: total, loading: false, page: 2 });
    expect(result.current).toBe(FIRST_CARDS);
    await waitFor(() => expect(result.current).toBe(total));
  });

  it('shows a short list whole', () => {
    const { result, rerender } = renderHook(({ rows, loading }) => useRowsInSteps(rows, loading), {
      initialProps: { rows: 0, loading: true },
    });
    rerender({ rows: 3, loading: false });
    expect(result.current).toBe(3);
  });
});
