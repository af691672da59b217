import { useId, type ReactNode } from 'react';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  /** Extra text shown beside the label, e.g. a saving. */
  hint?: ReactNode;
}

export interface SegmentedControlProps<T extends string> {
  /** Accessible name of the group. */
  label: string;
  options: ReadonlyArray<SegmentedOption<T>>;
  value: T;
  onChange: (value: T) => void;
}

/** A toggle between a few exclusive values, built on native radios for keyboard and screen readers. */
export function SegmentedControl<T extends string>({ label, options, value, onChange }: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset className="ad-segmented">
      <legend className="ad-visually-hidden">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="ad-segmented__option">
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span className="ad-segmented__label">
            {option.label}
            {option.hint && <span className="ad-segmented__hint">{option.hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
