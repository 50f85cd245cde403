import { XIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Task } from '#shared/boards';
import type { ChannelMember } from '#shared/channels';
import { TASK_TITLE_MAX } from '#shared/limits';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { markdownFirstLine } from '@/lib/markdown-text';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { useCreateTask } from '../api/create-task';
import { useDeleteTask } from '../api/delete-task';
import { useUpdateTask } from '../api/update-task';
import { SELECT_CLASS } from '../lib/select-class';
import { ListPicker } from './list-picker';

export type TaskDialogMode =
  | { kind: 'create'; listId: string; listName: string }
  | { kind: 'edit'; task: Task; listName: string; channelId: string }
  /** "Créer une tâche" on a message: the board and list are chosen in the dialog. */
  | {
      kind: 'message';
      channelId: string;
      messageId: string;
      content: string;
      /** A due date the message said (yyyy-MM-dd), offered to its author. */
      dueDate?: string;
    };

interface TaskDialogProps {
  mode: TaskDialogMode;
  members: readonly ChannelMember[];
  onOpenChange: (open: boolean) => void;
}

/** The title a message suggests: its first line of text, as plain text (markdown read), cut to fit. */
export function titleFromMessage(content: string): string {
  return markdownFirstLine(content).slice(0, TASK_TITLE_MAX);
}

interface Draft {
  title: string;
  description: string;
  dueDate: string;
  assignedToId: string;
  labels: string[];
}

function draftOf(mode: TaskDialogMode): Draft {
  if (mode.kind === 'edit') {
    const { task } = mode;
    return {
      title: task.title,
      description: task.description ?? '',
      dueDate: task.dueDate ?? '',
      assignedToId: task.assignedToId ?? '',
      labels: task.labels,
    };
  }
  if (mode.kind === 'message') {
    return {
      title: titleFromMessage(mode.content),
      description: mode.content,
      dueDate: mode.dueDate ?? '',
      assignedToId: '',
      labels: [],
    };
  }
  return { title: '', description: '', dueDate: '', assignedToId: '', labels: [] };
}

/** docs/product.md §2.7 and §5: the create and edit task dialogs (mounted while open, so each opening starts afresh). */
export function TaskDialog({ mode, members, onOpenChange }: TaskDialogProps) {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const [draft, setDraft] = useState<Draft>(() => draftOf(mode));
  const [labelInput, setLabelInput] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pickedListId, setPickedListId] = useState<string | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const deleteTask = useDeleteTask();
  const pending = createTask.isPending || updateTask.isPending;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const addLabel = () => {
    // docs/product.md §5: labels are added by Enter, trimmed, deduplicated and non-empty.
    const label = labelInput.trim();
    if (label && !draft.labels.includes(label)) set({ labels: [...draft.labels, label] });
    setLabelInput('');
  };
  const handleLabelKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addLabel();
  };

  const listId =
    mode.kind === 'create' ? mode.listId : mode.kind === 'message' ? pickedListId : null;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim()) {
      setTitleError(t('kanban.task_title_required'));
      return;
    }
    const fields = {
      title: draft.title.trim(),
      description: draft.description.trim() || null,
      dueDate: draft.dueDate || null,
      assignedToId: draft.assignedToId || null,
      labels: draft.labels,
    };
    try {
      if (mode.kind === 'edit') {
        await updateTask.mutateAsync({ taskId: mode.task.id, input: fields });
        toast({ title: t('kanban.toasts.taskUpdated') });
      } else {
        if (!listId) return;
        const messageId = mode.kind === 'message' ? mode.messageId : null;
        await createTask.mutateAsync({ listId, input: { ...fields, messageId } });
        toast({ title: t('kanban.toasts.taskCreated') });
      }
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.serverMessage) {
        setServerError(error.serverMessage);
        return;
      }
      const text = mode.kind === 'edit' ? 'taskUpdateError' : 'taskCreateError';
      toastFailure(error, t('kanban.toasts.errorTitle'), t(`kanban.toasts.${text}`));
    }
  };

  const handleDelete = async () => {
    if (mode.kind !== 'edit') return false;
    try {
      await deleteTask.mutateAsync(mode.task);
    } catch (error) {
      // docs/product.md §8: deleting reuses the create-error texts.
      toastFailure(error, t('kanban.toasts.errorTitle'), t('kanban.toasts.taskCreateError'));
      return false;
    }
    toast({ title: t('kanban.toasts.taskDeleted') });
    onOpenChange(false);
    return true;
  };

  const title =
    mode.kind === 'edit'
      ? t('kanban.taskDialog.editTitle')
      : mode.kind === 'message'
        ? t('kanban.taskDialog.fromMessageTitle')
        : t('kanban.taskDialog.createTitle');
  const description =
    mode.kind === 'edit'
      ? t('kanban.taskDialog.editDescription', { list: mode.listName })
      : mode.kind === 'message'
        ? t('kanban.taskDialog.fromMessageDescription')
        : t('kanban.taskDialog.createDescription', { list: mode.listName });

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} noValidate className="grid gap-4">
          <FormError message={serverError} />
          {mode.kind === 'message' ? (
            <ListPicker
              channelId={mode.channelId}
              value={pickedListId}
              onChange={setPickedListId}
            />
          ) : null}
          <FormField
            id="task-title"
            label={t('kanban.taskDialog.title')}
            error={titleError ?? undefined}
          >
            <Input
              id="task-title"
              autoComplete="off"
              maxLength={TASK_TITLE_MAX}
              placeholder={t('kanban.taskDialog.titlePlaceholder')}
              value={draft.title}
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? 'task-title-error' : undefined}
              onChange={(e) => {
                set({ title: e.target.value });
                setTitleError(null);
              }}
            />
          </FormField>
          <FormField id="task-description" label={t('kanban.taskDialog.description')}>
            <Textarea
              id="task-description"
              rows={3}
              className="min-h-0 resize-y"
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="task-due" label={t('kanban.taskDialog.dueDate')}>
              <Input
                id="task-due"
                type="date"
                value={draft.dueDate}
                onChange={(e) => set({ dueDate: e.target.value })}
              />
            </FormField>
            <FormField id="task-assignee" label={t('kanban.taskDialog.assignee')}>
              <select
                id="task-assignee"
                className={SELECT_CLASS}
                value={draft.assignedToId}
                onChange={(e) => set({ assignedToId: e.target.value })}
              >
                <option value="">{t('kanban.taskDialog.nobody')}</option>
                {/* A deactivated account is offered only if the task is already theirs (issue 48). */}
                {members
                  .filter((m) => !m.user.deactivated || m.userId === draft.assignedToId)
                  .map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {displayName(m.user)}
                    </option>
                  ))}
              </select>
            </FormField>
          </div>
          <FormField
            id="task-labels"
            label={t('kanban.taskDialog.labels')}
            hint={t('kanban.taskDialog.labelsHint')}
          >
            {draft.labels.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {draft.labels.map((label) => (
                  <li
                    key={label}
                    className="flex items-center gap-1 rounded-full bg-primary/15 py-0.5 pr-1 pl-2.5 text-primary text-xs"
                  >
                    {label}
                    <button
                      type="button"
                      aria-label={t('kanban.taskDialog.removeLabel', { label })}
                      className="grid size-4 cursor-pointer place-items-center rounded-full hover:bg-primary/20"
                      onClick={() => set({ labels: draft.labels.filter((l) => l !== label) })}
                    >
                      <XIcon className="size-3" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <Input
              id="task-labels"
              autoComplete="off"
              placeholder={t('kanban.taskDialog.labelsPlaceholder')}
              value={labelInput}
              onChange={(e) => setLabelInput(e.target.value)}
              onKeyDown={handleLabelKey}
              aria-describedby="task-labels-hint"
            />
          </FormField>
          {mode.kind === 'edit' && mode.task.messageId ? (
            <Link
              href={`/channel/${mode.channelId}?message=${mode.task.messageId}`}
              onClick={() => onOpenChange(false)}
              className="text-primary text-sm underline-offset-4 hover:underline"
            >
              {t('kanban.taskDialog.openMessage')}
            </Link>
          ) : null}
          <DialogFooter className="gap-2 sm:justify-between">
            {mode.kind === 'edit' ? (
              <Button
                type="button"
                variant="ghost"
                className="text-destructive"
                onClick={() => setConfirmDelete(true)}
              >
                {t('kanban.taskDialog.delete')}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={pending || (mode.kind !== 'edit' && !listId)}>
                {pending
                  ? t('kanban.taskDialog.submitting')
                  : mode.kind === 'edit'
                    ? t('kanban.taskDialog.submitEdit')
                    : t('kanban.taskDialog.submitCreate')}
              </Button>
            </div>
          </DialogFooter>
        </form>
        {mode.kind === 'edit' ? (
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={t('kanban.deleteTaskTitle', { title: mode.task.title })}
            description={t('kanban.deleteTaskDescription')}
            pending={deleteTask.isPending}
            confirmLabel={t('kanban.confirmDelete')}
            onConfirm={handleDelete}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
