import { createTransport, type Transporter } from 'nodemailer';

/** Where invitations are e-mailed from: `ORBIS_SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…`) and `ORBIS_MAIL_FROM`. */
export interface MailSettings {
  smtpUrl: string;
  from: string;
}

/** What an invitation e-mail says. */
export interface InvitationMail {
  to: string;
  projectName: string;
  role: string;
  url: string;
  expiresAt: string;
}

/** E-mails invitation links through an SMTP server (nodemailer). */
export class InvitationMailer {
  private readonly transport: Transporter;

  constructor(private readonly settings: MailSettings) {
    this.transport = createTransport(settings.smtpUrl);
  }

  async send(mail: InvitationMail): Promise<void> {
    const text = [
      `You are invited to the Orbis project "${mail.projectName}" as ${mail.role}.`,
      '',
      `Accept the invitation here (it works once, until ${mail.expiresAt}):`,
      mail.url,
      '',
      'If you did not expect this, ignore this e-mail.',
    ].join('\n');
    await this.transport.sendMail({ from: this.settings.from, to: mail.to, subject: `Invitation to "${mail.projectName}" on Orbis`, text });
  }

  close(): void {
    this.transport.close();
  }
}

/** The mail settings when `ORBIS_SMTP_URL` is set; the sender defaults to `orbis@` the public host. */
export function mailSettingsFrom(env: NodeJS.ProcessEnv, publicUrl: string): MailSettings | undefined {
  const smtpUrl = env.ORBIS_SMTP_URL?.trim();
  if (!smtpUrl) return undefined;
  return { smtpUrl, from: env.ORBIS_MAIL_FROM?.trim() || `Orbis <orbis@${new URL(publicUrl).hostname}>` };
}
