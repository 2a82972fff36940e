import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createRepositories } from './db/repositories/index.ts';
import { createEmailSender } from './providers/email/index.ts';
import { createAuth } from './services/auth.ts';
import { buildApp } from './app.ts';

/** The composition root: one place that turns config and a database into the running collaborators. */
export async function composeApp(config: AppConfig, database: DatabaseHandle, log: (line: string) => void) {
  const repositories = createRepositories(database.db);
  const email = createEmailSender({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }, repositories.outbox, log);
  const auth = createAuth({
    db: database.db,
    users: repositories.users,
    email,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    rateLimit: config.authRateLimit,
  });
  const app = await buildApp({
    repositories,
    auth,
    email,
    publicUrl: config.publicUrl,
    rateLimit: config.authRateLimit,
    webDistDir: config.webDistDir,
    logLevel: config.logLevel,
  });
  return { app, repositories, auth, email };
}
