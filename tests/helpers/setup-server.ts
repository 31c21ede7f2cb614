import '../../src/shared/zod-ja.ts';
import { setPasswordHashCostForTests } from '../../src/server/modules/auth/passwords.ts';
import { installConsoleErrorGuard } from './console-guard.ts';

process.env.TZ = 'UTC';

// argon2id still, at 1 MiB and one iteration: thousands of sign-ups and wrong passwords in the
// server tests cost milliseconds each instead of tens (production's cost: passwords.test.ts).
setPasswordHashCostForTests({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

installConsoleErrorGuard();
