import { PencilIcon, Trash2Icon, UsersIcon, XIcon } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserGroup } from '#shared/user-groups';
import { userDisplayName } from '#shared/user-names';
import type { User } from '#shared/users';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useAuthProviders } from '@/features/auth';
import { useUserSearch, useUsers } from '@/features/users';
import { ApiError } from '@/lib/api';
import { createUserGroup, deleteUserGroup, updateUserGroup } from './api';
import { useUserGroups } from './user-groups-context';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;

interface Draft {
  id: string | null;
  name: string;
  handle: string;
  members: Map<string, string>;
}

const emptyDraft = (): Draft => ({ id: null, name: '', handle: '', members: new Map() });

/**
 * Settings, workspace section « Groupes » (docs/product.md, "Groupes d’utilisateurs"): the
 * groups, mentioned as @identifiant; created, changed and deleted by administrators, or — when
 * the instance lets members manage them — by anyone (create) and their members (change).
 */
export function UserGroupsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { groups, managedBy, saved, deleted } = useUserGroups();
  const isAdmin = useAuthProviders().data?.isAdmin ?? false;
  const directory = useUsers({ enabled: true });
  const names = useMemo(
    () => new Map((directory.data ?? []).map((u) => [u.id, userDisplayName(u) ?? ''])),
    [directory.data],
  );
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const found = useUserSearch(search, search.trim().length > 0);
  const titleId = useId();
  const nameId = useId();
  const handleId = useId();
  const searchId = useId();
  const errorId = useId();

  const mayCreate = managedBy === 'members' || isAdmin;
  const mayChange = (group: UserGroup) =>
    isAdmin || (managedBy === 'members' && group.memberIds.includes(user.id));

  const edit = (group: UserGroup) => {
    setError(null);
    setDraft({
      id: group.id,
      name: group.name,
      handle: group.handle,
      members: new Map(group.memberIds.map((id) => [id, names.get(id) ?? id])),
    });
  };
  const addMember = (person: User) => {
    setDraft((now) => ({
      ...now,
      members: new Map(now.members).set(person.id, userDisplayName(person) ?? person.id),
    }));
    setSearch('');
  };
  const removeMember = (id: string) =>
    setDraft((now) => {
      const members = new Map(now.members);
      members.delete(id);
      return { ...now, members };
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const input = { name: draft.name, handle: draft.handle, members: [...draft.members.keys()] };
    try {
      const group = draft.id
        ? await updateUserGroup(draft.id, input)
        : await createUserGroup(input);
      saved(group);
      setDraft(emptyDraft());
      toast({ title: t('userGroups.saved', { handle: `@${group.handle}` }) });
    } catch (err) {
      setError(messageOf(err, t('userGroups.error')));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (group: UserGroup) => {
    try {
      await deleteUserGroup(group.id);
      deleted(group.id);
    } catch (err) {
      toast({ variant: 'destructive', title: messageOf(err, t('userGroups.error')) });
    }
  };

  return (
    <section
      id="groupes"
      aria-labelledby={titleId}
      className="grid gap-5 rounded-2xl border bg-card p-5 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id={titleId} className="font-semibold text-lg">
          {t('userGroups.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('userGroups.description')}</p>
        {managedBy === 'admins' && !isAdmin ? (
          <p className="text-muted-foreground text-sm">{t('userGroups.adminsOnly')}</p>
        ) : null}
      </div>
      {groups && groups.length > 0 ? (
        <ul aria-label={t('userGroups.listLabel')} className="grid gap-1">
          {groups.map((group) => (
            <li
              key={group.id}
              className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-muted/50"
            >
              <UsersIcon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
              <div className="grid min-w-0 flex-1">
                <span className="truncate font-medium text-sm">
                  {group.name}{' '}
                  <span className="font-mono text-muted-foreground">@{group.handle}</span>
                </span>
                <span className="truncate text-muted-foreground text-xs">
                  {t('userGroups.memberCount', { count: group.memberIds.length })}
                  {group.memberIds.length > 0
                    ? ` · ${group.memberIds
                        .map((id) => names.get(id))
                        .filter(Boolean)
                        .join(', ')}`
                    : ''}
                </span>
              </div>
              {mayChange(group) ? (
                <>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => edit(group)}
                    aria-label={t('userGroups.edit', { handle: `@${group.handle}` })}
                    title={t('userGroups.edit', { handle: `@${group.handle}` })}
                  >
                    <PencilIcon aria-hidden className="size-4" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => void remove(group)}
                    aria-label={t('userGroups.delete', { handle: `@${group.handle}` })}
                    title={t('userGroups.delete', { handle: `@${group.handle}` })}
                  >
                    <Trash2Icon aria-hidden className="size-4" />
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : groups ? (
        <p className="text-muted-foreground text-sm">{t('userGroups.empty')}</p>
      ) : null}
      {mayCreate || draft.id ? (
        <form onSubmit={submit} className="grid gap-3 rounded-xl border border-dashed p-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={nameId}>{t('userGroups.name')}</Label>
              <Input
                id={nameId}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                placeholder={t('userGroups.namePlaceholder')}
                required
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={handleId}>{t('userGroups.handle')}</Label>
              <Input
                id={handleId}
                value={draft.handle}
                onChange={(e) => setDraft({ ...draft, handle: e.target.value })}
                placeholder={t('userGroups.handlePlaceholder')}
                autoComplete="off"
                required
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={searchId}>{t('userGroups.members')}</Label>
            {draft.members.size > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {[...draft.members].map(([id, name]) => (
                  <li
                    key={id}
                    className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-sm"
                  >
                    {name}
                    <button
                      type="button"
                      onClick={() => removeMember(id)}
                      aria-label={t('userGroups.removeMember', { name })}
                      className="grid size-5 cursor-pointer place-items-center rounded-full hover:bg-accent"
                    >
                      <XIcon aria-hidden className="size-3" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <Input
              id={searchId}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('userGroups.membersPlaceholder')}
              autoComplete="off"
            />
            {search.trim() && found.users.length > 0 ? (
              <ul className="grid max-h-48 gap-0.5 overflow-y-auto rounded-lg border p-1">
                {found.users
                  .filter((u) => !draft.members.has(u.id))
                  .slice(0, 8)
                  .map((person) => (
                    <li key={person.id}>
                      <button
                        type="button"
                        onClick={() => addMember(person)}
                        className="w-full cursor-pointer rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                      >
                        {userDisplayName(person)}
                        {person.email ? (
                          <span className="ml-2 text-muted-foreground text-xs">{person.email}</span>
                        ) : null}
                      </button>
                    </li>
                  ))}
              </ul>
            ) : null}
          </div>
          {error ? (
            <p id={errorId} role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            {draft.id ? (
              <Button type="button" variant="ghost" onClick={() => setDraft(emptyDraft())}>
                {t('userGroups.cancel')}
              </Button>
            ) : null}
            <Button type="submit" disabled={busy}>
              {draft.id ? t('userGroups.save') : t('userGroups.create')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
