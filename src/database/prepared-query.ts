import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * A QueryBuilder read built once and run many times. Building a query (alias and property-name
 * rewriting, escaping) costs more CPU than the primary-key read it describes, about 20 µs per
 * call, so the reads made on every request keep the builder's SQL, with its named parameters in
 * positional order, and run it with each call's values. Parameters are scalars (no `:...list`).
 */
export class PreparedQuery<P extends Record<string, unknown>> {
  private compiled?: { sql: string; order: (keyof P)[]; dataSource: DataSource };

  constructor(
    private readonly parameters: readonly (keyof P & string)[],
    private readonly build: () => SelectQueryBuilder<ObjectLiteral>,
  ) {}

  async rows<T>(values: P): Promise<T[]> {
    const { sql, order, dataSource } = (this.compiled ??= this.compile());
    return dataSource.query(sql, order.map((name) => values[name]));
  }

  async first<T>(values: P): Promise<T | undefined> {
    return (await this.rows<T>(values))[0];
  }

  /** The builder's SQL, with a unique mark for each parameter so their positions can be read back. */
  private compile(): NonNullable<PreparedQuery<P>['compiled']> {
    const query = this.build();
    const marks = new Map<object, keyof P>(this.parameters.map((name) => [{ name }, name]));
    query.setParameters(Object.fromEntries([...marks].map(([mark, name]) => [name, mark])));
    const [sql, values] = query.getQueryAndParameters();
    const order = values.map((value) => {
      const name = marks.get(value);
      if (name === undefined) throw new Error(`prepared query: a parameter not among ${this.parameters.join(', ')} in ${sql}`);
      return name;
    });
    return { sql, order, dataSource: query.connection };
  }
}
