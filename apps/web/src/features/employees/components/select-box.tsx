import { useEffect, useRef } from 'react';

interface SelectBoxProps {
  label: string;
  checked: boolean;
  /** Some, not all, of what it stands for are chosen. */
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * The browser's own checkbox for choosing people in the list: Mantine's would add its chunks to
 * the list's screen and their names to the first screen's preload lists (decision 0084).
 */
export function SelectBox({
  label,
  checked,
  indeterminate = false,
  disabled,
  onChange,
}: SelectBoxProps) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="employee-select-box"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
