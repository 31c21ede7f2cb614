import '../../src/shared/zod-ja.ts';
import { installConsoleErrorGuard } from './console-guard.ts';

process.env.TZ = 'UTC';

installConsoleErrorGuard();
