import { eq } from 'drizzle-orm';
import { userDisplayName } from '#shared/users';
import type { Db } from '../../db/client';
import { channelMembers, users } from '../../db/schema';

type Named = {
  id: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

export async function listMemberNames(db: Db, channelId: string): Promise<Named[]> {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .where(eq(channelMembers.channelId, channelId));
}

// What may follow a complete handle: not a letter, digit or underscore.
const HANDLE_END = /[\p{L}\p{N}_]/u;

function handlesOf(member: Named): string[] {
  const full = [member.firstName, member.lastName].filter(Boolean).join(' ');
  const handles = [
    userDisplayName(member),
    member.displayName,
    full,
    member.firstName,
    member.email,
    member.email?.split('@')[0],
  ];
  return [...new Set(handles.map((h) => h?.trim().toLowerCase()).filter((h): h is string => !!h))];
}

function mentionsHandle(text: string, handle: string): boolean {
  const needle = `@${handle}`;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text.charAt(at + needle.length);
    // "bob@example.com" is an address, not a mention of "example".
    if ((!before || !HANDLE_END.test(before)) && (!after || !HANDLE_END.test(after))) return true;
  }
  return false;
}

/**
 * The members a message mentions: the ids the composer picked (kept only if they are
 * members) plus any "@Name" in the text that names a member by display name, full name,
 * first name, email or the email's local part, case-insensitive.
 */
export function resolveMentions(
  content: string,
  members: Named[],
  picked: string[] = [],
): string[] {
  const memberIds = new Set(members.map((m) => m.id));
  const found = new Set(picked.filter((id) => memberIds.has(id)));
  if (content.includes('@')) {
    const text = content.toLowerCase();
    for (const member of members) {
      if (!found.has(member.id) && handlesOf(member).some((h) => mentionsHandle(text, h))) {
        found.add(member.id);
      }
    }
  }
  return [...found];
}

/** Whether resolving mentions needs the member list at all. */
export const needsMentionLookup = (content: string, picked?: string[]) =>
  content.includes('@') || (picked?.length ?? 0) > 0;
