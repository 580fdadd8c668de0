import { LazyTextEditor } from '../../../ui/LazyTextEditor';

interface ScriptEditorFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  height?: string;
}

/** A shell script in the CodeMirror editor (fetched with its first use), as a form field. */
export function ScriptEditorField({
  value,
  onChange,
  label,
  height = '160px',
}: ScriptEditorFieldProps) {
  return (
    <LazyTextEditor
      value={value ?? ''}
      onChange={onChange}
      language="shell"
      label={label}
      height={height}
    />
  );
}
