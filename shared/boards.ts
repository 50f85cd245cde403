import { z } from 'zod';
import { BOARD_NAME_MAX, LIST_NAME_MAX, TASK_TITLE_MAX } from './limits';

/** docs/product.md §3 boards: an item of GET /api/channels/{id}/boards. */
export interface Board {
  id: string;
  channelId: string;
  name: string;
  description: string | null;
  createdById: string | null;
  createdAt: string;
}

/** docs/product.md §3 lists, without their tasks (what list events carry). */
export interface BoardList {
  id: string;
  boardId: string;
  name: string;
  /** Fractional order: lists sort by (position, id) (docs/boards.md). */
  position: number;
}

/** docs/product.md §3 tasks. */
export interface Task {
  id: string;
  listId: string;
  boardId: string;
  title: string;
  description: string | null;
  assignedToId: string | null;
  createdById: string | null;
  labels: string[];
  /** A calendar day, YYYY-MM-DD, or null. */
  dueDate: string | null;
  /** Fractional order inside the list: tasks sort by (position, id). */
  position: number;
  /** The message the task was made from, if any. */
  messageId: string | null;
  /** When it was marked done (« Terminée »), or null. */
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/boards/{id}: the board with its lists, each with its tasks, in order. */
export interface BoardDetail extends Board {
  lists: Array<BoardList & { tasks: Task[] }>;
}

/** An item of GET /api/channels/{id}/message-tasks: the chip a message shows. */
export interface MessageTask {
  messageId: string;
  taskId: string;
  boardId: string;
  listName: string;
}

export const BOARD_LABELS_MAX = 20;
export const BOARD_LABEL_MAX = 50;
export const TASK_DESCRIPTION_MAX = 10_000;
export const BOARD_DESCRIPTION_MAX = 1000;

const name = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

const description = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Maximum ${max} caractères` })
    .nullish()
    .transform((v) => (v ? v : null));

export const BoardCreateSchema = z.object({
  name: name(
    BOARD_NAME_MAX,
    'Le nom du tableau est requis',
    `Maximum ${BOARD_NAME_MAX} caractères`,
  ),
  description: description(BOARD_DESCRIPTION_MAX),
});
export type BoardCreateInput = z.input<typeof BoardCreateSchema>;
export type BoardCreateData = z.output<typeof BoardCreateSchema>;

export const ListCreateSchema = z.object({
  name: name(LIST_NAME_MAX, 'Le nom de la liste est requis', `Maximum ${LIST_NAME_MAX} caractères`),
});
export type ListCreateInput = z.input<typeof ListCreateSchema>;

export const ListUpdateSchema = ListCreateSchema;
export type ListUpdateInput = z.input<typeof ListUpdateSchema>;

const title = name(
  TASK_TITLE_MAX,
  'Le titre de la tâche est requis',
  `Maximum ${TASK_TITLE_MAX} caractères`,
);

/** docs/product.md §5 and docs/boards.md: labels trimmed, non-empty, deduplicated (first spelling kept). */
const labels = z
  .array(z.string({ error: 'Une étiquette doit être un texte' }), {
    error: 'Les étiquettes doivent être une liste',
  })
  .transform((list) => [...new Set(list.map((l) => l.trim()).filter((l) => l.length > 0))])
  .pipe(
    z
      .array(
        z
          .string()
          .max(BOARD_LABEL_MAX, { error: `Maximum ${BOARD_LABEL_MAX} caractères par étiquette` }),
      )
      .max(BOARD_LABELS_MAX, { error: `Maximum ${BOARD_LABELS_MAX} étiquettes` }),
  );

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** docs/product.md §5: the due date is a date (YYYY-MM-DD) or null. */
const dueDate = z
  .string({ error: 'La date d’échéance doit être une date (AAAA-MM-JJ)' })
  .refine((v) => DAY_RE.test(v) && isRealDay(v), {
    error: 'La date d’échéance doit être une date (AAAA-MM-JJ)',
  })
  .nullable();

const assignedToId = z.uuid({ error: 'L’assigné n’est pas valide' }).nullable();

export const TaskCreateSchema = z.object({
  title,
  description: description(TASK_DESCRIPTION_MAX),
  dueDate: dueDate.optional(),
  assignedToId: assignedToId.optional(),
  labels: labels.optional(),
  /** "Créer une tâche" from a message: the message it comes from (same channel). */
  messageId: z.uuid({ error: 'Le message n’est pas valide' }).nullish(),
});
export type TaskCreateInput = z.input<typeof TaskCreateSchema>;
export type TaskCreateData = z.output<typeof TaskCreateSchema>;

export const TaskUpdateSchema = z
  .object({
    title: title.optional(),
    description: description(TASK_DESCRIPTION_MAX).optional(),
    dueDate: dueDate.optional(),
    assignedToId: assignedToId.optional(),
    labels: labels.optional(),
    /** Done (« Terminée ») or to do again. */
    completed: z.boolean({ error: 'Terminée : une valeur vrai/faux est requise' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Rien à modifier',
  });
export type TaskUpdateInput = z.input<typeof TaskUpdateSchema>;
export type TaskUpdateData = z.output<typeof TaskUpdateSchema>;

const index = z
  .number({ error: 'La position doit être un nombre' })
  .int({ error: 'La position doit être un entier' })
  .min(0, { error: 'La position doit être positive' });

/** POST /api/tasks/{id}/move: the list, and the index the task takes in it (others shift). */
export const TaskMoveSchema = z.object({
  listId: z.uuid({ error: 'La liste est requise' }),
  index,
});
export type TaskMoveInput = z.input<typeof TaskMoveSchema>;

/** POST /api/lists/{id}/move: the index the list takes on its board. */
export const ListMoveSchema = z.object({ index });
export type ListMoveInput = z.input<typeof ListMoveSchema>;
