import { useState } from 'react';

/**
 * Calls `onChange(value)` in the render where `value` differs from the one before, never in the first render: React's
 * way to adjust state to a changed prop ("storing information from previous renders"). An effect would also run after
 * the first render, in a task of its own, and on a busy device a tap can come first: the effect then overwrites what
 * the tap did (the quantity stepper's first plus, the pager's first next page).
 */
export function useOnChange<T>(value: T, onChange: (value: T) => void): void {
  const [previous, setPrevious] = useState(value);
  if (!Object.is(previous, value)) {
    setPrevious(value);
    onChange(value);
  }
}
