import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect } from './fixtures';

/** One page object for the login screen of every theme: the test ids are the same everywhere. */
export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly prefix: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`/login?prefix=${this.prefix}`);
    await expect(this.page.getByTestId(testIds.loginSubmit)).toBeVisible();
  }

  async logIn(phone: string, password: string): Promise<void> {
    await this.page.getByTestId(testIds.loginPhone).fill(phone);
    await this.page.getByTestId(testIds.loginPassword).fill(password);
    await this.page.getByTestId(testIds.loginSubmit).click();
  }

  async logInAndLand(phone: string, password: string): Promise<void> {
    await this.open();
    await this.logIn(phone, password);
    await expect(this.page).toHaveURL(new RegExp(`/profile\\?prefix=${this.prefix}$`));
  }

  error() {
    return this.page.getByTestId(testIds.loginError);
  }
}
