import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { ConfirmDialog } from './confirm-dialog';

/** A deletion guarded as the features guard theirs: a trigger, then the question. */
function DeleteMessage({ onConfirm }: { onConfirm: () => undefined | Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<button type="button">Supprimer le message</button>}
      title="Supprimer ce message ?"
      description="Cette action est irréversible."
      confirmLabel="Supprimer"
      pendingLabel="Suppression…"
      onConfirm={onConfirm}
    >
      <blockquote>Le plan pour la rentrée</blockquote>
    </ConfirmDialog>
  );
}

function deferred() {
  let resolve: (value: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the confirmation dialog (components/confirm-dialog.tsx)', () => {
  it('asks first, says what will go, and does nothing on Annuler', async () => {
    const onConfirm = vi.fn(() => undefined);
    const { user } = renderApp(<DeleteMessage onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Supprimer le message' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer ce message ?' });
    expect(dialog).toHaveAccessibleDescription('Cette action est irréversible.');
    expect(dialog).toHaveTextContent('Le plan pour la rentrée');
    // The safe choice has the focus: Entrée right away does not delete.
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes at once after an action that returns nothing', async () => {
    const onConfirm = vi.fn(() => undefined);
    const { user } = renderApp(<DeleteMessage onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Supprimer le message' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stays open until the action answers: closed on success, kept after a failure', async () => {
    let answer = deferred();
    const { user } = renderApp(<DeleteMessage onConfirm={() => answer.promise} />);
    await user.click(screen.getByRole('button', { name: 'Supprimer le message' }));

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(screen.getByRole('alertdialog')).toBeVisible();
    answer.resolve(false);
    await answer.promise;
    expect(screen.getByRole('alertdialog')).toBeVisible();

    answer = deferred();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    answer.resolve(true);
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
  });

  it('while pending, shows it on a disabled confirm button', async () => {
    renderApp(
      <ConfirmDialog
        open
        title="Quitter le canal ?"
        description="Vous ne recevrez plus ses messages."
        confirmLabel="Quitter"
        pendingLabel="Départ…"
        pending
        lockCancelWhilePending
        onConfirm={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Départ…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
  });
});
