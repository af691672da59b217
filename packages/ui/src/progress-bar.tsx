import { classNames } from './class-names';

export interface ProgressBarProps {
  /** Accessible name, e.g. "Platform credits remaining". */
  label: string;
  value: number;
  max: number;
  /** Read out instead of the percentage, e.g. "40,000 of 50,000". */
  valueText?: string;
  tone?: 'primary' | 'warning' | 'danger';
  className?: string;
}

/** A horizontal bar filled to value / max (clamped to 0–100 %); a max of 0 shows an empty bar. */
export function ProgressBar({ label, value, max, valueText, tone = 'primary', className }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-valuetext={valueText}
      className={classNames('ad-progress', tone !== 'primary' && `ad-progress--${tone}`, className)}
    >
      <span className="ad-progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
