import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';

export interface NameDialogText {
  title: string;
  description: string;
  name: string;
  namePlaceholder: string;
  required: string;
  submit: string;
  submitting: string;
  /** With a description field (the board dialog). */
  descriptionLabel?: string;
}

interface NameDialogProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: NameDialogText;
  maxLength: number;
  pending: boolean;
  /** Resolves when created; a rejection's server message shows in the dialog. */
  onSubmit: (values: { name: string; description?: string }) => Promise<unknown>;
}

/** docs/product.md §5: create board (name required, description optional) and create list (name required). */
export function NameDialog({
  id,
  open,
  onOpenChange,
  text,
  maxLength,
  pending,
  onSubmit,
}: NameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const reset = () => {
    setName('');
    setDescription('');
    setError(null);
    setServerError(null);
  };
  const handleOpenChange = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(text.required);
      return;
    }
    try {
      await onSubmit({ name: name.trim(), description: description.trim() || undefined });
      handleOpenChange(false);
    } catch (err) {
      setServerError(err instanceof ApiError && err.serverMessage ? err.serverMessage : null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} noValidate className="grid gap-4">
          <FormError message={serverError} />
          <FormField id={`${id}-name`} label={text.name} error={error ?? undefined}>
            <Input
              id={`${id}-name`}
              autoComplete="off"
              maxLength={maxLength}
              placeholder={text.namePlaceholder}
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-name-error` : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
            />
          </FormField>
          {text.descriptionLabel ? (
            <FormField
              id={`${id}-description`}
              label={
                <>
                  {text.descriptionLabel}
                  <span className="font-normal text-muted-foreground text-xs">
                    ({t('common.optional')})
                  </span>
                </>
              }
            >
              <Textarea
                id={`${id}-description`}
                rows={3}
                className="min-h-0 resize-none"
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </FormField>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? text.submitting : text.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
