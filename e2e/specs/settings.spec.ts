import { expect, PHONE, test } from '../fixtures';

test.describe('settings page', () => {
  test('updates the display name and the profile status', async ({ alice }) => {
    await alice.arrive();
    const { settings, shell, page } = alice;
    await settings.goto();

    await expect(settings.displayNameInput).toHaveValue('Alice');
    await settings.displayNameInput.fill('a'.repeat(101));
    await settings.saveDisplayNameButton.click();
    await expect(page.getByRole('alert')).toHaveText('Maximum 100 caractères');

    await settings.displayNameInput.fill('Alice Dupont');
    await settings.saveDisplayNameButton.click();
    await expect(shell.toast).toContainText('Profil mis à jour');
    await expect(shell.userMenuButton()).toHaveAccessibleName(
      'AD, menu utilisateur de Alice Dupont',
    );

    await settings.statusSelect.click();
    await page.getByRole('option', { name: 'Absent' }).click();
    await settings.statusMessage.fill('En réunion');
    await expect(page.getByText('10 / 200')).toBeVisible();
    await settings.saveStatusButton.click();
    await expect(shell.toast).toContainText('Votre statut a été enregistré.');

    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({
      displayName: 'Alice Dupont',
      status: 'away',
      statusMessage: 'En réunion',
    });

    // The status itself is live presence (the socket sets it on disconnect and reconnect);
    // the message is the user's own and stays.
    await page.reload();
    await expect(settings.statusMessage).toHaveValue('En réunion');
  });

  test('a signed-out visitor is sent to sign in, and would come back here', async ({ alice }) => {
    await alice.page.goto('/settings');
    await expect(alice.page).toHaveURL(/\/login\?next=%2Fsettings$/);
    await expect(alice.login.signInTab).toBeVisible();
  });
});

test('shows the storage the account’s files take against its quota, on a desktop and a phone', async ({
  alice,
}, testInfo) => {
  await alice.arrive();
  const created = await alice.page.request.post('/api/channels', {
    data: { name: `stockage-${Math.random().toString(36).slice(2, 7)}`, type: 'group' },
  });
  const { id } = (await created.json()) as { id: string };
  // 1.5 KiB of text: no thumbnail, so the account takes exactly that.
  const upload = await alice.page.request.post(`/api/channels/${id}/files/upload`, {
    multipart: {
      file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1536, 'a') },
    },
  });
  expect(upload.status()).toBe(201);

  await alice.settings.goto();
  const card = alice.settings.storageCard;
  // French figures: a decimal comma and a no-break space before the unit; 1 GiB by default.
  await expect(card.getByText(/^Stockage\s: 1,5\sko sur 1\sGo$/)).toBeVisible();
  const bar = card.getByRole('progressbar');
  await expect(bar).toHaveAccessibleName(/^Stockage\s: 1,5\sko sur 1\sGo$/);
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await card.screenshot({ path: testInfo.outputPath('storage-desktop.png') });

  await alice.page.setViewportSize(PHONE);
  await expect(card.getByText(/^Stockage\s: 1,5\sko sur 1\sGo$/)).toBeVisible();
  const box = await card.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(PHONE.width);
  await card.screenshot({ path: testInfo.outputPath('storage-phone.png') });
});

test('a profile update after the session ended warns, then goes to sign in', async ({ alice }) => {
  await alice.arrive();
  await alice.settings.goto();
  // The session ends under the open page just as the profile is saved (expired, or signed
  // out elsewhere): the save is the first call to answer 401, so the toast is the mutation's
  // own. From then on the user is signed out for the sign-in page too, which would otherwise
  // find the session still there and move on to the home page.
  let ended = false;
  await alice.page.route('**/api/auth/user', (route) => {
    if (route.request().method() === 'PATCH') ended = true;
    return ended
      ? route.fulfill({ status: 401, json: { message: 'Authentification requise' } })
      : route.fallback();
  });

  // The redirect to sign in follows the toast by 500 ms: the page reports each toast it
  // shows, and the test reads them once it has left. (A locator waits for a pending
  // navigation to finish: on a slow machine a locator looking for the toast found the page
  // already leaving, and holding the navigation until it had seen it waited for ever.)
  const toasts: string[] = [];
  await alice.page.exposeFunction('reportToast', (text: string) => {
    toasts.push(text);
  });
  await alice.page.evaluate(() => {
    const report = (window as unknown as { reportToast: (text: string) => void }).reportToast;
    new MutationObserver(() => {
      for (const item of document.querySelectorAll(
        '[role="region"][aria-label^="Notifications"] li',
      )) {
        report(item.textContent ?? '');
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  await alice.settings.displayNameInput.fill('Alice Nouvelle');
  await alice.settings.saveDisplayNameButton.click();
  await expect(alice.page).toHaveURL(/\/login\?next=%2Fsettings$/);
  expect(toasts.join('\n')).toMatch(/Non autorisé.*Votre session a expiré/);
});
