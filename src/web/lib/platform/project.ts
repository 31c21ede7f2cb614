import { parsePublicConfig } from '../public-config.ts';
import { api } from '../api-client.ts';

let projectId: Promise<string> | null = null;

/** The `{project}` of the platform API paths, read once from the server's public settings. */
export function currentProjectId(): Promise<string> {
  projectId ??= api
    .get('/api/config', { anonymous: true, schema: { parse: parsePublicConfig } })
    .then((config) => config.projectId)
    .catch((error: unknown) => {
      projectId = null;
      throw error;
    });
  return projectId;
}

export async function platformPath(service: string, endpoint: string): Promise<string> {
  return `/api/${service}/${encodeURIComponent(await currentProjectId())}/${endpoint}`;
}
