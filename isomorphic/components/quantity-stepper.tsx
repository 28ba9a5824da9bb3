// A quantity with − and + buttons and a typed value, clamped to [min, max]. Typing commits on blur or Enter.
import { useState } from 'react';

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
  // What the field shows while the buyer types, tied to the value it was typed against: once the value
  // changes (the parent took it, or another control set it), the field shows the value again in the same
  // render, with no frame of the old number as an effect that copied it would leave.
  const [draft, setDraft] = useState<{ text: string; against: number } | null>(null);
  const shown = draft && draft.against === value ? draft.text : String(value);
  const commit = (raw: string) => {
    const n = Math.floor(Number(raw));
    const next = Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : value;
    setDraft({ text: String(next), against: value });
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
        value={shown}
        disabled={disabled}
        onChange={(e) => {
          const typed = e.target.value.replace(/[^\d]/g, '');
          setDraft({ text: typed, against: value });
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
