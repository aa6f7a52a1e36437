/** Why a run was made: a monitor's first check, its cadence, or a request. */
export type RunKind = 'baseline' | 'scheduled' | 'on_demand';

/** A run's state; `pending` and `running` are unfinished. */
export type RunStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'no_change' | 'changed';
