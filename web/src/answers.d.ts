// Written by hand beside the generated contract types (atlas-contract.d.ts, not to be edited).
// The generated answer types leave every field optional (the answer schemas list no `required`);
// the page reads the fields the engine fills for the requests it makes, and tests/js validate
// every answer against the schema. These helpers give the page that reading of an answer.
import type { Answers, ContractCommand } from './atlas-contract';

/** A command's answer without the error shape (callers check isError first). */
export type Success<C extends ContractCommand> = Exclude<Answers[C], { error: unknown }>;

/** `T` with every field present, at every depth. */
export type Filled<T> = T extends readonly (infer U)[]
  ? Filled<U>[]
  : T extends object
    ? { [K in keyof T]-?: Filled<Exclude<T[K], undefined>> }
    : T;

/** A success answer of `C` as the page reads it. */
export type Answer<C extends ContractCommand> = Filled<Success<C>>;
