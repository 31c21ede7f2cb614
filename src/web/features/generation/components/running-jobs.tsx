import { Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import type { RunningGeneration } from '../../../../shared/generations.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';

/**
 * The user's jobs still working, above an empty form: coming back to /generate (another tab,
 * a later visit) shows them instead of inviting the same job again. Each opens where it stands.
 */
export function RunningJobs({
  jobs,
  hrefOf,
}: {
  jobs: RunningGeneration[];
  hrefOf: (id: string) => string;
}) {
  if (jobs.length === 0) return null;
  return (
    <section
      aria-labelledby="running-jobs-heading"
      className="rounded-lg border border-blue-200 bg-blue-50 p-4"
    >
      <h2 id="running-jobs-heading" className="text-sm font-semibold text-blue-900">
        実行中のFAQ生成があります
      </h2>
      <ul className="mt-2 space-y-2" aria-label="実行中のFAQ生成">
        {jobs.map((job) => (
          <li
            key={job.id}
            className="flex flex-col gap-2 rounded-md bg-white p-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-medium" title={job.title}>
                {job.title}
              </p>
              <p className="flex items-center gap-1 text-slate-600">
                <Loader2 aria-hidden="true" className="h-3.5 w-3.5 shrink-0 animate-spin" />
                <span className="truncate">{job.message}</span>
                <span className="ml-1 tabular-nums">{job.progress}%</span>
              </p>
            </div>
            <Link
              to={hrefOf(job.id)}
              className={buttonVariants({ size: 'sm' })}
              aria-label={`「${job.title}」の進行状況を見る`}
            >
              進行状況を見る
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
