import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../../lib/http-error.ts';

export interface ParserPoolLimits {
  /** Children parsing at once; more jobs wait their turn. */
  size: number;
  /** V8's old-generation heap of each child (--max-old-space-size). */
  heapMb: number;
  /**
   * Resident memory past which a busy child is killed. The heap limit alone does not bound a
   * child: ArrayBuffers (an inflated PDF stream, a ZIP entry) live outside V8's heap.
   */
  maxRssBytes: number;
  /** A job's time, counted from when its child is listening (start-up is not the job's). */
  timeLimitMs: number;
  /** How long a new child may take to start listening; on a loaded machine this varies most. */
  startLimitMs?: number;
  /** An idle child exits after this long without work. */
  idleMs: number;
  /** How often a busy child's memory is read. */
  pollMs: number;
  /** The children's niceness: above the server's own 0, so on a busy machine its thread comes first. */
  niceness?: number;
}

const CHILD_NICENESS = 10;

export type ParserFailure = 'memory' | 'time' | 'crash';

const FAILURE_STATUS: Record<ParserFailure, number> = { memory: 413, time: 422, crash: 422 };

/**
 * What the user is told of a job its child never answered: too heavy (memory or time, 413/422)
 * or failed (a crash, 422), in the words of the work that was asked.
 */
export function jobFailureError(
  error: ParserJobFailed,
  messages: { tooHeavy: string; failed: string },
): HttpError {
  const message = error.reason === 'crash' ? messages.failed : messages.tooHeavy;
  return new HttpError(FAILURE_STATUS[error.reason], message, { cause: error });
}

/** A job the child never answered: it was killed or died. */
export class ParserJobFailed extends Error {
  override name = 'ParserJobFailed';
  readonly reason: ParserFailure;
  constructor(reason: ParserFailure, detail: string) {
    super(`parser child failed (${reason}): ${detail}`);
    this.reason = reason;
  }
}

const DEFAULT_START_LIMIT_MS = 30_000;

interface Child {
  process: ChildProcess;
  /** Settles when the child has said it is listening. */
  ready: Promise<void>;
  idleTimer?: NodeJS.Timeout;
}

/** A child's first message: its handler is in place, so a job's clock may start. */
export interface ReadyMessage {
  ready: true;
}

/** Called by a child once it listens for jobs. */
export function announceReady(): void {
  const message: ReadyMessage = { ready: true };
  process.send?.(message);
}

function isReadyMessage(message: unknown): message is ReadyMessage {
  return typeof message === 'object' && message !== null && 'ready' in message;
}

/** What goes to a child: the job and its number, which the answer carries back. */
export interface JobMessage<Job> {
  id: number;
  job: Job;
}
export interface AnswerMessage<Answer> {
  id: number;
  answer: Answer;
}

/** Resident memory of a process, or null where /proc is not there (macOS, Windows). */
export function residentBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function setReferenced(child: ChildProcess, referenced: boolean): void {
  // An idle child must not keep the server (or a test run) from exiting.
  const channel = child.channel as { ref?: () => void; unref?: () => void } | null | undefined;
  if (referenced) {
    child.ref();
    channel?.ref?.();
  } else {
    child.unref();
    channel?.unref?.();
  }
}

/**
 * A small pool of child processes that run jobs on untrusted input. A child that fails (killed
 * for memory or time, crashed, or answered something `reusable` refuses) is never given
 * another job; the next job starts a fresh one. A child dies alone: the server only sees its
 * job fail.
 */
export class ParserPool<Job, Answer> {
  private readonly idle: Child[] = [];
  private readonly busy = new Set<Child>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private nextId = 1;

  private readonly entry: URL;
  private limits: ParserPoolLimits;
  private readonly reusable: (answer: Answer) => boolean;

  constructor(
    entry: URL,
    limits: ParserPoolLimits,
    reusable: (answer: Answer) => boolean = () => true,
  ) {
    this.entry = entry;
    this.limits = limits;
    this.reusable = reusable;
  }

  /** Limits for children started and jobs run from now on; a running job's caps too. */
  setLimits(limits: Partial<ParserPoolLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  /** Process ids of the children working now (tests kill one mid-job). */
  busyPids(): number[] {
    return [...this.busy].map((child) => child.process.pid!).filter(Boolean);
  }

  async run(job: Job): Promise<Answer> {
    if (this.running >= this.limits.size)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await this.runOn(this.idle.pop() ?? this.spawn(), job);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /**
   * Ends every child; jobs still running fail as crashed. The pool itself stays usable: a later
   * job starts a fresh child. (It once refused to keep the children of jobs run after close()
   * and never ended them either: in a test run sharing the pool between files, each later job
   * left a child with its 400 MB dictionary behind, 50 of them by the end of the server tests.)
   */
  close(): void {
    for (const child of [...this.idle, ...this.busy]) child.process.kill('SIGKILL');
    this.idle.length = 0;
  }

  private spawn(): Child {
    const proc = fork(fileURLToPath(this.entry), [], {
      // Not the parent's flags (a test runner's loaders, an inspector port): only the cap.
      execArgv: [`--max-old-space-size=${this.limits.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Parsers need no configuration: a parser bug exploited by a crafted file finds no
      // database URL or API key in its environment. TZ is kept where set: SheetJS reads a
      // spreadsheet's dates in local time.
      env: {
        NODE_ENV: process.env.NODE_ENV ?? 'production',
        ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
      },
    });
    try {
      // On a busy machine the server's own thread comes first; parsing can wait.
      if (proc.pid) setPriority(proc.pid, this.limits.niceness ?? CHILD_NICENESS);
    } catch {
      // Not permitted here: the child runs at the server's priority.
    }
    const ready = new Promise<void>((resolve) => {
      const onReady = (message: unknown) => {
        if (!isReadyMessage(message)) return;
        proc.off('message', onReady);
        resolve();
      };
      proc.on('message', onReady);
    });
    const child: Child = { process: proc, ready };
    // Exit is handled per job while busy; an idle child that exits just leaves the pool.
    proc.on('exit', () => this.discard(child));
    // Without a listener a failed spawn would throw in the parent.
    proc.on('error', () => undefined);
    return child;
  }

  private discard(child: Child): void {
    clearTimeout(child.idleTimer);
    const index = this.idle.indexOf(child);
    if (index >= 0) this.idle.splice(index, 1);
    this.busy.delete(child);
  }

  private release(child: Child): void {
    this.busy.delete(child);
    // A child ended by close() while it answered is not put back.
    const proc = child.process;
    if (proc.killed || proc.exitCode !== null || proc.signalCode !== null) return;
    setReferenced(child.process, false);
    child.idleTimer = setTimeout(() => {
      this.discard(child);
      child.process.kill('SIGKILL');
    }, this.limits.idleMs);
    child.idleTimer.unref();
    this.idle.push(child);
  }

  private runOn(child: Child, job: Job): Promise<Answer> {
    const proc = child.process;
    clearTimeout(child.idleTimer);
    setReferenced(proc, true);
    this.busy.add(child);
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      let killedFor: ParserFailure | null = null;
      let settled = false;
      const kill = (reason: ParserFailure) => {
        killedFor ??= reason;
        proc.kill('SIGKILL');
      };
      // Starting a child (loading its parsers) on a busy machine can take seconds that are not
      // the job's: the job's own limit runs from when the child is listening.
      let timer = setTimeout(
        () => kill('time'),
        this.limits.startLimitMs ?? DEFAULT_START_LIMIT_MS,
      );
      void child.ready.then(() => {
        if (settled) return;
        clearTimeout(timer);
        timer = setTimeout(() => kill('time'), this.limits.timeLimitMs);
      });
      const watch = setInterval(() => {
        const rss = residentBytes(proc.pid ?? 0);
        if (rss !== null && rss > this.limits.maxRssBytes) kill('memory');
      }, this.limits.pollMs);
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        outcome();
      };
      const fail = (reason: ParserFailure, detail: string) =>
        settle(() => {
          this.discard(child);
          proc.kill('SIGKILL');
          reject(new ParserJobFailed(reason, detail));
        });
      const onMessage = (message: AnswerMessage<Answer> | ReadyMessage) => {
        if (isReadyMessage(message) || message.id !== id) return;
        settle(() => {
          if (this.reusable(message.answer)) this.release(child);
          else {
            this.discard(child);
            proc.kill('SIGKILL');
          }
          resolve(message.answer);
        });
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        // V8 aborts a child past its heap limit; the kernel's OOM killer sends SIGKILL.
        const reason =
          killedFor ??
          (signal === 'SIGABRT' || signal === 'SIGKILL' || code === 134 ? 'memory' : 'crash');
        fail(reason, `exit code ${code}, signal ${signal}`);
      };
      proc.on('message', onMessage);
      proc.on('exit', onExit);
      const message: JobMessage<Job> = { id, job };
      proc.send(message, (error) => {
        if (error) fail('crash', error.message);
      });
    });
  }
}
