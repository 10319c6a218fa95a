import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { assetRecord } from '../assets/asset-record.js';
import type { OrbisConfig } from '../config/serve-config.js';
import { ConfigError } from '../config/serve-config.js';
import { createContext } from '../context.js';
import type { AppContext } from '../http/app-context.js';
import { readPluginSource } from '../plugins/plugin-source.js';
import { CONTENT_COMMANDS, runContentCommand } from './content-commands.js';
import { runPluginDev } from './plugin-dev.js';
import { runTeamCommand, teamCommandOf } from './team-commands.js';
import { projectRecord } from '../projects/project-service.js';
import type { Project } from '../store/store.js';
import { UsageError } from './usage-error.js';
import { cliAudit } from './cli-audit.js';

interface Flags {
  project?: string;
  private?: boolean;
  public?: boolean;
  name?: string;
  role?: string;
  alias?: string;
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

async function projectOrFail(ctx: AppContext, alias: string | undefined): Promise<Project> {
  if (!alias) throw new UsageError('missing <project>');
  const project = await ctx.store.getProjectByAlias(alias);
  if (!project) throw new ConfigError(`project "${alias}" does not exist`);
  return project;
}

/** `--project`, else the only project there is. */
async function defaultProject(ctx: AppContext, alias: string | undefined): Promise<Project> {
  if (alias !== undefined) return projectOrFail(ctx, alias);
  const projects = await ctx.store.listProjects();
  if (projects.length === 1) return projects[0]!;
  throw new UsageError(
    projects.length === 0
      ? 'there is no project yet: create one with "orbis project create <alias>"'
      : 'there are several projects: name one with --project <alias>',
  );
}

/** The commands that work on the data directly (no server needed; safe beside a running one). */
export async function runDataCommand(config: OrbisConfig, args: string[], flags: Flags, signal: AbortSignal = new AbortController().signal): Promise<number> {
  const [noun, verb, ...rest] = args;
  const known = [
    'project create',
    'project list',
    'project export',
    'project import',
    'asset add',
    'asset list',
    'key create',
    'key list',
    'key revoke',
    'plugin install',
    'plugin list',
    'plugin remove',
    'plugin dev',
    ...CONTENT_COMMANDS,
  ];
  const team = teamCommandOf(args);
  if (!known.includes(`${noun} ${verb}`) && !team) throw new UsageError(`unknown command "${args.join(' ')}"`);
  const ctx = await createContext(config);
  try {
    if (team) {
      await runTeamCommand(ctx, team, args.slice(team === 'audit' ? 1 : 2), flags, print);
      return 0;
    }
    if (CONTENT_COMMANDS.includes(`${noun} ${verb}`)) {
      await runContentCommand(ctx, config, `${noun} ${verb}`, await projectOrFail(ctx, rest[0]), rest.slice(1), flags, print);
      return 0;
    }
    const record = (project: Project) => (a: Parameters<typeof assetRecord>[0]) => assetRecord(a, ctx.publicUrl, project.alias, true);
    switch (`${noun} ${verb}`) {
      case 'project create': {
        const alias = rest[0];
        if (!alias) throw new UsageError('missing <alias>');
        const project = await ctx.projects.create({ alias, name: flags.name, visibility: flags.private ? 'private' : 'public' });
        print(projectRecord(project));
        break;
      }
      case 'project export': {
        const project = await projectOrFail(ctx, rest[0]);
        if (!rest[1]) throw new UsageError('missing <file.zip>');
        const { exportProject } = await import('../projects/project-export.js');
        const manifest = await exportProject(ctx.store, ctx.storage, project, resolve(rest[1]));
        print({
          project: project.alias,
          file: resolve(rest[1]),
          assets: manifest.assets.length,
          models: manifest.models.length,
          plugins: manifest.plugins,
          members: manifest.members.length,
          scene: manifest.scene,
          publication: manifest.publication,
        });
        break;
      }
      case 'project import': {
        const file = rest[0];
        if (!file) throw new UsageError('missing <file.zip>');
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) throw new ConfigError(`"${file}" is not a readable file`);
        if (info.size > config.maxUploadBytes) throw new ConfigError(`"${file}" is larger than ORBIS_MAX_UPLOAD_MB`);
        const { importProject } = await import('../projects/project-import.js');
        print(await importProject(ctx, createReadStream(file), { alias: flags.alias, actor: { type: 'admin' } }));
        break;
      }
      case 'project list':
        print((await ctx.store.listProjects()).map(projectRecord));
        break;
      case 'asset add': {
        const project = await projectOrFail(ctx, rest[0]);
        const paths = rest.slice(1);
        if (paths.length === 0) throw new UsageError('missing <file...>');
        for (const path of paths) {
          const info = await stat(path).catch(() => undefined);
          if (!info?.isFile()) throw new ConfigError(`"${path}" is not a readable file`);
          if (info.size > config.maxUploadBytes) throw new ConfigError(`"${path}" is larger than ORBIS_MAX_UPLOAD_MB`);
        }
        const files = paths.map((path) => ({ name: basename(path), stream: createReadStream(path) }));
        const assets = await ctx.assets.add(project, files, flags.public === true);
        // A plain GeoTIFF's levels are made before the command ends (a server makes them after answering).
        await ctx.assets.conversions?.idle();
        await cliAudit(ctx, project.id, 'asset.upload', `/api/projects/${project.alias}/assets`, { assets: assets.map((a) => a.id).join(',') });
        print(assets.map(record(project)));
        break;
      }
      case 'asset list': {
        const project = await projectOrFail(ctx, rest[0]);
        const all = [];
        for await (const a of ctx.store.streamAssets({ projectId: project.id, publicOnly: false })) all.push(record(project)(a));
        print(all);
        break;
      }
      case 'key create': {
        const project = await projectOrFail(ctx, rest[0]);
        const created = await ctx.keys.create(project, flags.name ?? 'API key');
        await cliAudit(ctx, project.id, 'key.create', `/api/projects/${project.alias}/keys`, { id: created.id });
        print(created);
        break;
      }
      case 'key list':
        print(await ctx.keys.list(await projectOrFail(ctx, rest[0])));
        break;
      case 'plugin install': {
        // `plugin install <folder|zip>` (the project from --project, or the only one) or `plugin install <project> <folder|zip>`.
        const [first, second] = rest;
        if (!first) throw new UsageError('missing <folder|zip>');
        const project = second !== undefined ? await projectOrFail(ctx, first) : await defaultProject(ctx, flags.project);
        const plugin = await readPluginSource(second ?? first);
        await ctx.plugins.install(project, plugin);
        const m = plugin.manifest;
        print({
          project: project.alias,
          id: m.id,
          name: m.name,
          version: m.version,
          format: m.reearth ? 'reearth.yml' : 'plugin.json',
          extensions: m.extensions.map((e) => ({ id: e.id, type: e.type, runs: e.type === 'widget' })),
        });
        break;
      }
      case 'plugin list': {
        const project = rest[0] !== undefined ? await projectOrFail(ctx, rest[0]) : await defaultProject(ctx, flags.project);
        print(
          (await ctx.plugins.list(project)).map((p) => ({
            id: p.manifest.id,
            name: p.manifest.name,
            version: p.manifest.version,
            extensions: p.manifest.extensions.map((e) => `${e.id} (${e.type})`),
          })),
        );
        break;
      }
      case 'plugin remove': {
        // `plugin remove <id>` (the project from --project, or the only one) or `plugin remove <project> <id>`.
        const [first, second] = rest;
        if (!first) throw new UsageError('missing <id>');
        const project = second !== undefined ? await projectOrFail(ctx, first) : await defaultProject(ctx, flags.project);
        const id = second ?? first;
        if (!(await ctx.plugins.remove(project, id))) throw new ConfigError(`plugin "${id}" is not installed in "${project.alias}"`);
        print({ project: project.alias, removed: id });
        break;
      }
      case 'plugin dev': {
        if (!rest[0]) throw new UsageError('missing <folder>');
        const project = await defaultProject(ctx, flags.project);
        await runPluginDev(ctx, project, rest[0], (line) => process.stdout.write(`${line}\n`), signal);
        break;
      }
      case 'key revoke': {
        const project = await projectOrFail(ctx, rest[0]);
        if (!rest[1]) throw new UsageError('missing <id>');
        if (!(await ctx.keys.revoke(project, rest[1]))) throw new ConfigError(`key "${rest[1]}" does not exist`);
        print({ revoked: rest[1] });
        break;
      }
    }
    return 0;
  } finally {
    await ctx.assets.close();
    await ctx.store.close();
  }
}
