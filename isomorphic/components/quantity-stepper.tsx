// A quantity with − and + buttons and a typed value, clamped to [min, max]. Typing commits on blur or Enter.
import { useEffect, useState } from 'react';

export interface QuantityStepperProps {
  value: number;
  min?: number;
  max: number;
  disabled?: boolean;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  onChange(value: number): void;
  /** Also commit while typing, whenever the typed number is within [min, max] (e.g. a price that follows it). */
  live?: boolean;
}

export function QuantityStepper({ value, min = 1, max, disabled, label, decreaseLabel, increaseLabel, onChange, live }: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = (raw: string) => {
    const n = Math.floor(Number(raw));
    const next = Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : value;
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <span className="stepper">
      <button type="button" className="stepper__button" aria-label={decreaseLabel} disabled={disabled || value <= min} onClick={() => onChange(Math.max(min, value - 1))}>−</button>
      <input
        className="stepper__input"
        type="text"
        inputMode="numeric"
        aria-label={label}
        value={draft}
        disabled={disabled}
        onChange={(e) => {
          const typed = e.target.value.replace(/[^\d]/g, '');
          setDraft(typed);
          const n = Number(typed);
          if (live && typed && n >= min && n <= max && n !== value) onChange(n);
        }}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); commit(e.currentTarget.value); } }}
      />
      <button type="button" className="stepper__button" aria-label={increaseLabel} disabled={disabled || value >= max} onClick={() => onChange(Math.min(max, value + 1))}>+</button>
    </span>
  );
}
