import { parsePublicConfig } from '../public-config.ts';
import { api } from '../api-client.ts';

let projectId: Promise<string> | null = null;

/** The `{project}` of the platform API paths, read once from the server's public settings. */
export function currentProjectId(): Promise<string> {
  projectId ??= api
    .get<unknown>('/api/config', { anonymous: true })
    .then((body) => parsePublicConfig(body).projectId)
    .catch((error: unknown) => {
      projectId = null;
      throw error;
    });
  return projectId;
}

export async function platformPath(service: string, endpoint: string): Promise<string> {
  return `/api/${service}/${encodeURIComponent(await currentProjectId())}/${endpoint}`;
}
