import { text } from 'node:stream/consumers';
import { userRecord } from '../accounts/user-service.js';
import { ConfigError } from '../config/serve-config.js';
import type { AppContext } from '../http/app-context.js';
import { auditRecord } from '../http/auth/audit-routes.js';
import { InputError } from '../input-error.js';
import { cliAudit } from './cli-audit.js';
import { isRole } from '@orbis/scene/roles';
import { UsageError } from './usage-error.js';

/** The team commands (docs/contract.md §12), run on the data directly as the operator. */
export const TEAM_COMMANDS = ['user create', 'member add', 'audit'];

/** The command a CLI line names: `audit` is one word, its project follows. */
export function teamCommandOf(args: string[]): string | undefined {
  if (args[0] === 'audit') return 'audit';
  const two = `${args[0]} ${args[1]}`;
  return TEAM_COMMANDS.includes(two) ? two : undefined;
}

/** The password piped to standard input: its first line. */
async function passwordFromStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  if ((stdin as { isTTY?: boolean }).isTTY) process.stderr.write('password (at least 10 characters, then Enter and Ctrl-D): ');
  const password = (await text(stdin)).split(/\r?\n/)[0] ?? '';
  if (password === '') throw new UsageError('user create reads the password from standard input: echo "…" | orbis user create <email>');
  return password;
}

/**
 * Runs a team command: `user create <email> [--name N]` (the password from standard input),
 * `member add <project> <email> --role R`, `audit <project>` (newest first). What changes is
 * in the audit log as the admin's, from the address `cli`.
 */
export async function runTeamCommand(
  ctx: AppContext,
  command: string,
  args: string[],
  flags: { name?: string; role?: string },
  print: (value: unknown) => void,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<void> {
  switch (command) {
    case 'user create': {
      if (!args[0]) throw new UsageError('missing <email>');
      const user = await ctx.auth.users.create({ email: args[0], name: flags.name, password: await passwordFromStdin(stdin) });
      await cliAudit(ctx, null, 'user.create', `/api/users/${user.id}`);
      print(userRecord(user));
      break;
    }
    case 'member add': {
      const [alias, email] = args;
      if (!alias || !email) throw new UsageError('usage: member add <project> <email> --role R');
      if (!isRole(flags.role)) throw new UsageError('--role must be one of reader, writer, maintainer, owner');
      const project = await ctx.store.getProjectByAlias(alias);
      if (!project) throw new ConfigError(`project "${alias}" does not exist`);
      const user = await ctx.store.accounts.getUserByEmail(email);
      if (!user) throw new InputError('email', `no user has the email "${email}": create one with "orbis user create ${email}"`);
      // An unproven email gains nothing by itself (docs/teams.md): the API's add makes an invitation instead.
      if (user.unproven)
        throw new InputError(
          'email',
          `the account of "${user.email}" was made from an invitation link passed on by hand, so nobody proved the email is theirs: invite it from the editor or POST /api/projects/${project.alias}/members`,
        );
      await ctx.store.accounts.setMember(project.id, user.id, flags.role);
      await cliAudit(ctx, project.id, 'member.add', `/api/projects/${project.alias}/members/${user.id}`, { email: user.email, role: flags.role });
      print({ userId: user.id, email: user.email, name: user.name, role: flags.role });
      break;
    }
    case 'audit': {
      const alias = args[0];
      if (!alias) throw new UsageError('missing <project>');
      const project = await ctx.store.getProjectByAlias(alias);
      if (!project) throw new ConfigError(`project "${alias}" does not exist`);
      const entries = await ctx.store.accounts.listAudit(project.id, { offset: 0, limit: Number.MAX_SAFE_INTEGER });
      print(entries.map(auditRecord));
      break;
    }
  }
}
