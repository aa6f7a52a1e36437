import { DataSource } from 'typeorm';
import { PreparedQuery } from './prepared-query';

describe('PreparedQuery', () => {
  const dataSource = new DataSource({ type: 'postgres' });

  function captured(): jest.SpyInstance {
    return jest.spyOn(dataSource, 'query').mockResolvedValue([{ id: 1 }]);
  }

  afterEach(() => jest.restoreAllMocks());

  it('builds once and passes each call its values in the SQL’s order, a repeated name once', async () => {
    const build = jest.fn(() =>
      dataSource
        .createQueryBuilder()
        .select('a.id', 'id')
        .from('accounts', 'a')
        .where('a.name = :name AND a.plan_id = :plan OR a.name = :name'),
    );
    const query = new PreparedQuery<{ plan: string; name: string }>(['plan', 'name'], build);
    const spy = captured();
    expect(await query.first({ plan: 'pro', name: 'Acme' })).toEqual({ id: 1 });
    await query.rows({ plan: 'starter', name: 'Beta' });
    expect(build).toHaveBeenCalledTimes(1);
    const [sql, firstValues] = spy.mock.calls[0];
    expect(sql).toBe('SELECT a.id AS "id" FROM "accounts" "a" WHERE a.name = $1 AND a.plan_id = $2 OR a.name = $1');
    expect(firstValues).toEqual(['Acme', 'pro']);
    expect(spy.mock.calls[1][1]).toEqual(['Beta', 'starter']);
  });

  it('refuses a builder that carries a parameter it was not told about', async () => {
    const query = new PreparedQuery<{ id: number }>(['id'], () =>
      dataSource.createQueryBuilder().select('a.id', 'id').from('accounts', 'a').where('a.id = :id AND a.plan_id = :plan', { plan: 'pro' }),
    );
    captured();
    await expect(query.first({ id: 1 })).rejects.toThrow(/a parameter not among id/);
  });
});
