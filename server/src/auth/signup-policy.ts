import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SignupPolicy, SignupPolicyUpdate } from '#shared/admin';
import type { WorkspaceInvite } from '#shared/auth';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { forbidden } from '../lib/errors';
import { signupSettings, workspaceInvites } from './schema';
import { hashToken } from './sessions';

const INVITE_REQUIRED =
  'Les inscriptions se font sur invitation : demandez un lien d’inscription à un administrateur';
const INVITE_INVALID = 'Ce lien d’inscription n’est plus valable : demandez-en un nouveau';

export interface SignupCheck {
  /** Run inside the account's transaction: uses up the invite, if one was needed. */
  within?: (tx: Tx) => Promise<void>;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export interface EffectiveSignup {
  policy: SignupPolicy;
  domains: string[];
  source: 'console' | 'environment';
}

/**
 * Who may sign up now (docs/security.md, "Who may sign up"): the console's choice once an
 * administrator made one, else SIGNUP and SIGNUP_DOMAINS. Read at each use — sign-ups are
 * rare, and every node then follows a change at once.
 */
export async function effectiveSignup(db: Db | Tx, config: Config): Promise<EffectiveSignup> {
  const [row] = await db.select().from(signupSettings).where(eq(signupSettings.id, 1));
  if (!row) return { ...config.signup, source: 'environment' };
  return { policy: row.policy as SignupPolicy, domains: row.domains, source: 'console' };
}

/** PUT /api/admin/signup-policy: the console's choice, with what it replaced (for the audit). */
export async function saveSignupPolicy(
  tx: Tx,
  config: Config,
  input: SignupPolicyUpdate,
  adminId: string,
): Promise<{ before: EffectiveSignup; after: EffectiveSignup }> {
  const before = await effectiveSignup(tx, config);
  const domains = input.policy === 'domains' ? [...new Set(input.domains)] : [];
  const values = { policy: input.policy, domains, updatedById: adminId, updatedAt: new Date() };
  await tx
    .insert(signupSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: signupSettings.id, set: values });
  return { before, after: { policy: input.policy, domains, source: 'console' } };
}

/**
 * May this address create an account under `signup` (effectiveSignup)? The first account of
 * an empty workspace always may (someone must be able to start it); it becomes the admin.
 */
export function checkSignup(
  signup: Pick<EffectiveSignup, 'policy' | 'domains'>,
  input: { email: string | null; emailVerified: boolean; inviteToken?: string | undefined },
  firstAccount: boolean,
): SignupCheck {
  const { policy, domains } = signup;
  if (firstAccount || policy === 'open') return {};
  if (policy === 'domains') {
    // Only a proven address counts (a provider's unverified email could be anything).
    if (input.email && input.emailVerified && domains.includes(domainOf(input.email))) return {};
    throw forbidden(`Les inscriptions sont réservées aux adresses de : ${domains.join(', ')}`);
  }
  const token = input.inviteToken;
  if (!token) throw forbidden(INVITE_REQUIRED);
  return {
    within: async (tx) => {
      const [used] = await tx
        .update(workspaceInvites)
        .set({ usesCount: sql`${workspaceInvites.usesCount} + 1` })
        .where(
          and(
            eq(workspaceInvites.tokenHash, hashToken(token)),
            isNull(workspaceInvites.revokedAt),
            gt(workspaceInvites.expiresAt, new Date()),
            lt(workspaceInvites.usesCount, workspaceInvites.maxUses),
          ),
        )
        .returning({ id: workspaceInvites.id });
      if (!used) throw forbidden(INVITE_INVALID);
    },
  };
}

type InviteRow = typeof workspaceInvites.$inferSelect;

function presentInvite(row: InviteRow, url?: string): WorkspaceInvite {
  return {
    id: row.id,
    expiresAt: row.expiresAt.toISOString(),
    maxUses: row.maxUses,
    usesCount: row.usesCount,
    createdAt: row.createdAt.toISOString(),
    ...(url ? { url } : {}),
  };
}

/** A new sign-up link; its token is shown once, in `url`, and stored only as a hash. */
export async function createWorkspaceInvite(
  db: Db | Tx,
  input: { createdById: string; expiresInDays: number; maxUses: number; origin: string },
): Promise<WorkspaceInvite> {
  const token = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(workspaceInvites)
    .values({
      tokenHash: hashToken(token),
      createdById: input.createdById,
      expiresAt: new Date(Date.now() + input.expiresInDays * 86_400_000),
      maxUses: input.maxUses,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return presentInvite(row, `${input.origin}/login?invitation=${token}`);
}

/** The invites still usable, newest first. */
export async function listWorkspaceInvites(db: Db): Promise<WorkspaceInvite[]> {
  const rows = await db
    .select()
    .from(workspaceInvites)
    .where(
      and(
        isNull(workspaceInvites.revokedAt),
        gt(workspaceInvites.expiresAt, new Date()),
        lt(workspaceInvites.usesCount, workspaceInvites.maxUses),
      ),
    )
    .orderBy(desc(workspaceInvites.createdAt));
  return rows.map((row) => presentInvite(row));
}

export async function revokeWorkspaceInvite(db: Db | Tx, id: string): Promise<boolean> {
  const gone = await db
    .update(workspaceInvites)
    .set({ revokedAt: new Date() })
    .where(and(eq(workspaceInvites.id, id), isNull(workspaceInvites.revokedAt)))
    .returning({ id: workspaceInvites.id });
  return gone.length > 0;
}
