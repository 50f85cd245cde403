import type { Locator, Page } from '@playwright/test';

export interface SignUpDetails {
  firstName?: string;
  lastName?: string;
  email: string;
  password: string;
}

/** The built-in sign-in / create-account page at /login. */
export class LoginPage {
  readonly signInTab: Locator;
  readonly signUpTab: Locator;
  readonly signUpForm: Locator;
  readonly signInForm: Locator;

  constructor(private readonly page: Page) {
    this.signInTab = page.getByRole('tab', { name: 'Se connecter' });
    this.signUpTab = page.getByRole('tab', { name: 'Créer un compte' });
    this.signUpForm = page.getByRole('form', { name: 'Créer un compte' });
    this.signInForm = page.getByRole('form', { name: 'Se connecter' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await this.signInTab.waitFor();
  }

  async signUp(details: SignUpDetails): Promise<void> {
    await this.signUpTab.click();
    const form = this.signUpForm;
    if (details.firstName) await form.getByLabel('Prénom').fill(details.firstName);
    if (details.lastName) await form.getByLabel(/^Nom\b/).fill(details.lastName);
    await form.getByLabel('Adresse e-mail').fill(details.email);
    await form.getByLabel('Mot de passe').fill(details.password);
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.signInTab.click();
    await this.signInForm.getByLabel('Adresse e-mail').fill(email);
    await this.signInForm.getByLabel('Mot de passe').fill(password);
    await this.signInForm.getByRole('button', { name: 'Se connecter' }).click();
  }

  /** The server's message or a field error, as the form shows it. */
  alert(): Locator {
    return this.page.getByRole('alert').first();
  }
}
