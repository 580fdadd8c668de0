import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser's file and folder pickers, as two hidden inputs to render once and two functions
 * that open them. A folder picker (`webkitdirectory`) gives each file its path in the folder.
 */
export function useUploadPickers(onPick: (files: FileList) => void) {
  const { t } = useTranslation('sftp');
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    if (e.target.files) onPick(e.target.files);
    // The same files may be picked again.
    e.target.value = '';
  };
  const inputs = (
    <>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        aria-label={t('upload.filesInput')}
        onChange={onChange}
      />
      <input
        ref={(el) => {
          folder.current = el;
          if (el) el.webkitdirectory = true;
        }}
        type="file"
        hidden
        aria-label={t('upload.folderInput')}
        onChange={onChange}
      />
    </>
  );
  return {
    inputs,
    pickFiles: () => files.current?.click(),
    pickFolder: () => folder.current?.click(),
  };
}
