import crypto from 'node:crypto';
import { SqliteKeyStore } from '../../adapters/embedded/sqlite-key-store';
import { withValuesAt, type PersonalDataSchema } from '../../kernel/personal-data/personal-data-schema';
import { isEnvelope, isShredded, PersonalDataCodec, SHREDDED_TEXT } from '../../kernel/personal-data/pii-codec';
import { temporaryDataDir } from './support';

const schema: PersonalDataSchema = {
  BuyerRegistered: { subject: 'buyerId', fields: ['name', 'rut', 'income', 'contact.phone'] },
  AdvisorAssigned: [
    { subject: 'buyerId', fields: ['buyerName'] },
    { subject: 'advisorId', fields: ['advisorName'] },
  ],
};

const registered = (buyerId: string, name: string) => ({
  type: 'BuyerRegistered',
  data: { buyerId, name, rut: '12.345.678-5', income: 1_850_000, contact: { phone: '+56 9 1234 5678', city: 'Temuco' }, plan: 'pie' },
});

describe('PersonalDataCodec', () => {
  let data: ReturnType<typeof temporaryDataDir>;
  let keys: SqliteKeyStore;
  let codec: PersonalDataCodec;
  beforeEach(() => {
    data = temporaryDataDir();
    keys = SqliteKeyStore.open(data.file('keys.sqlite'), 'platform-secret');
    codec = new PersonalDataCodec(schema, keys);
  });
  afterEach(async () => (await keys.close(), data.remove()));

  it('replaces every marked field by an envelope and leaves the subject id and other fields in clear', async () => {
    const [sealed] = await codec.encrypt([registered('b-1', 'Ana Pérez')]);
    expect(sealed.data.buyerId).toBe('b-1');
    expect(sealed.data.plan).toBe('pie');
    expect((sealed.data.contact as { city: string }).city).toBe('Temuco');
    for (const value of [sealed.data.name, sealed.data.rut, sealed.data.income, (sealed.data.contact as { phone: unknown }).phone]) {
      expect(isEnvelope(value)).toBe(true);
      expect(value).toMatchObject({ $pii: 1, s: 'b-1' });
    }
    const text = JSON.stringify(sealed);
    for (const clear of ['Ana Pérez', '12.345.678-5', '1850000', '1234 5678']) expect(text).not.toContain(clear);
  });

  it('decrypts back to the event as it was', async () => {
    const original = registered('b-1', 'Ana Pérez');
    expect(await codec.decrypt(await codec.encrypt([original]))).toEqual([original]);
  });

  it('uses a fresh IV each time: the same value never encrypts the same way twice', async () => {
    const [first, second] = await codec.encrypt([registered('b-1', 'Ana Pérez'), registered('b-1', 'Ana Pérez')]);
    expect(first.data.name).not.toEqual(second.data.name);
    const [third] = await codec.encrypt([registered('b-1', 'Ana Pérez')]);
    expect(third.data.name).not.toEqual(first.data.name);
    expect(await codec.decrypt([first, second, third])).toEqual([0, 1, 2].map(() => registered('b-1', 'Ana Pérez')));
  });

  it('never hands out the same IV twice, across many draws of the IV pool', async () => {
    const events = Array.from({ length: 1_500 }, () => registered('b-1', 'Ana Pérez'));
    const sealed = await codec.encrypt(events);
    const ivs = sealed.flatMap((e) =>
      [e.data.name, e.data.rut].map((v) =>
        Buffer.from((v as unknown as { c: string }).c, 'base64')
          .subarray(0, 12)
          .toString('hex'),
      ),
    );
    expect(ivs).toHaveLength(3_000);
    expect(new Set(ivs).size).toBe(3_000);
    expect(await codec.decrypt(sealed.slice(-2))).toEqual(events.slice(-2));
  });

  it("copies the event once and leaves the caller's objects untouched", async () => {
    const original = registered('b-1', 'Ana Pérez');
    const before = JSON.parse(JSON.stringify(original));
    const [sealed] = await codec.encrypt([original]);
    expect(original).toEqual(before);
    expect(sealed.data.contact).not.toBe(original.data.contact);
    const [opened] = await codec.decrypt([sealed]);
    expect(isEnvelope((sealed.data.contact as { phone: unknown }).phone)).toBe(true);
    expect(opened).toEqual(original);
  });

  it('reads back what it sealed itself without AES, and still reads an erased person as erased', async () => {
    const original = registered('b-1', 'Ana Pérez');
    const sealed = await codec.encrypt([original]);
    const decipher = jest.spyOn(crypto, 'createDecipheriv');
    try {
      expect(await codec.decrypt(sealed)).toEqual([original]);
      expect(decipher).not.toHaveBeenCalled();
      // Another codec (another process, or after a restart) opens them, and checks them, with the key.
      expect(await new PersonalDataCodec(schema, keys).decrypt(sealed)).toEqual([original]);
      expect(decipher).toHaveBeenCalled();
      await keys.shred('b-1', new Date().toISOString());
      const [erased] = await codec.decrypt(sealed);
      expect(erased.data.name).toBe(SHREDDED_TEXT);
      expect(erased.data.income).toBeNull();
    } finally {
      decipher.mockRestore();
    }
  });

  it('refuses an envelope moved to another field, event type or subject', async () => {
    const [sealed] = await codec.encrypt([registered('b-1', 'Ana Pérez')]);
    const moved = { ...sealed, data: { ...sealed.data, rut: sealed.data.name } };
    await expect(codec.decrypt([moved])).rejects.toThrow();
    const retyped = { type: 'AdvisorAssigned', data: { buyerId: 'b-1', buyerName: sealed.data.name, advisorId: 'a-1' } };
    await expect(codec.decrypt([retyped])).rejects.toThrow();
    const [other] = await codec.encrypt([registered('b-2', 'Berta Soto')]);
    const pasted = { ...other, data: { ...other.data, name: sealed.data.name } };
    await expect(codec.decrypt([pasted])).rejects.toThrow('another subject');
  });

  it('encrypts each field with the key of its own subject', async () => {
    const [sealed] = await codec.encrypt([{ type: 'AdvisorAssigned', data: { buyerId: 'b-1', buyerName: 'Ana', advisorId: 'a-1', advisorName: 'Luis' } }]);
    expect(sealed.data.buyerName).toMatchObject({ s: 'b-1' });
    expect(sealed.data.advisorName).toMatchObject({ s: 'a-1' });
    await keys.shred('a-1', '2026-03-02T10:00:00.000Z');
    expect((await codec.decrypt([sealed]))[0].data).toEqual({ buyerId: 'b-1', buyerName: 'Ana', advisorId: 'a-1', advisorName: SHREDDED_TEXT });
  });

  it('reads a shredded subject’s text as "titular suprimido" and other values as null, leaving other subjects in clear', async () => {
    const sealed = await codec.encrypt([registered('b-1', 'Ana Pérez'), registered('b-2', 'Berta Soto')]);
    await keys.shred('b-1', '2026-03-02T10:00:00.000Z');
    const [erased, kept] = await codec.decrypt(sealed);
    expect(erased.data).toEqual({
      buyerId: 'b-1',
      name: SHREDDED_TEXT,
      rut: SHREDDED_TEXT,
      income: null,
      contact: { phone: SHREDDED_TEXT, city: 'Temuco' },
      plan: 'pie',
    });
    expect(isShredded(erased.data.name)).toBe(true);
    expect(kept).toEqual(registered('b-2', 'Berta Soto'));
  });

  it('never stores personal data of an already erased subject, not even under a new key', async () => {
    await keys.shred('b-1', '2026-03-02T10:00:00.000Z');
    const [sealed] = await codec.encrypt([registered('b-1', 'Ana Pérez')]);
    expect(JSON.stringify(sealed)).not.toContain('Ana');
    expect(sealed.data.name).toEqual({ $pii: 1, s: 'b-1', t: 'text' });
    expect((await codec.decrypt([sealed]))[0].data.name).toBe(SHREDDED_TEXT);
    expect(await keys.find('b-1')).toBeNull();
  });

  it('reads fields written in clear before they were marked as they are (upcast on read)', async () => {
    const legacy = registered('b-1', 'Ana Pérez');
    const [read] = await codec.decrypt([legacy]);
    expect(read).toEqual(legacy);
    expect(await keys.find('b-1')).toBeNull(); // reading creates no key
  });

  it('skips absent and null fields, and hands unmarked events back untouched', async () => {
    const partial = { type: 'BuyerRegistered', data: { buyerId: 'b-1', name: 'Ana', rut: null } };
    const [sealed] = await codec.encrypt([partial]);
    expect(sealed.data.rut).toBeNull();
    expect(sealed.data).not.toHaveProperty('income');
    expect(sealed.data).not.toHaveProperty('contact');
    const unmarked = { type: 'UnitPriced', data: { uf: 3150 } };
    expect((await codec.encrypt([unmarked]))[0]).toBe(unmarked);
    expect((await codec.decrypt([unmarked]))[0]).toBe(unmarked);
  });

  it('refuses a marked event without its subject id', async () => {
    await expect(codec.encrypt([{ type: 'BuyerRegistered', data: { name: 'Ana' } }])).rejects.toThrow('buyerId');
  });

  it('does not change the event it was given', async () => {
    const original = registered('b-1', 'Ana Pérez');
    const copy = structuredClone(original);
    await codec.encrypt([original]);
    expect(original).toEqual(copy);
  });
});

describe('withValuesAt', () => {
  it('writes several paths into one copy, copying each object along them once, and skips absent parents', () => {
    const data = { a: 1, contact: { name: 'Ana', phone: '1', city: 'Temuco' }, list: [{ x: 1 }], none: null };
    const copy = withValuesAt(data, [
      [['contact', 'name'], 'N'],
      [['contact', 'phone'], 'P'],
      [['list', '0'], 'L'],
      [['none', 'x'], 'ignored'],
      [['missing', 'x'], 'ignored'],
    ]);
    expect(copy).toEqual({ a: 1, contact: { name: 'N', phone: 'P', city: 'Temuco' }, list: ['L'], none: null });
    expect(Array.isArray(copy.list)).toBe(true);
    expect(data).toEqual({ a: 1, contact: { name: 'Ana', phone: '1', city: 'Temuco' }, list: [{ x: 1 }], none: null });
  });
});
