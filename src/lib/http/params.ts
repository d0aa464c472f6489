import { Type } from 'typebox';
import { expected } from './validation.ts';

// Path parameters every workspace-scoped route shares (the workspace guard resolves the slug).

export const WorkspaceParams = Type.Object({ workspace: Type.String({ pattern: '^[a-z0-9-]+$', ...expected('a workspace slug of lowercase letters (a-z), digits and hyphens'), description: 'Workspace slug' }) });

/** The workspace plus one resource id in the path (unknown ids are 404 `not_found`, checked by the service). */
export const workspaceParamsWith = <K extends string>(name: K) =>
  Type.Object({ ...WorkspaceParams.properties, [name]: Type.String({ maxLength: 100 }) } as { workspace: typeof WorkspaceParams.properties.workspace } & Record<K, ReturnType<typeof Type.String>>);
