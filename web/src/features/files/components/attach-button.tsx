import { PaperclipIcon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_ACCEPT } from '#shared/limits';

/** The paperclip: opens the file picker (several files, the accepted types suggested). */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label={t('files.attach')}
        title={t('files.attach')}
        className="grid size-8 cursor-pointer place-items-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
      >
        <PaperclipIcon className="size-4" aria-hidden />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={FILE_ACCEPT}
        className="hidden"
        data-testid="composer-file-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </>
  );
}
