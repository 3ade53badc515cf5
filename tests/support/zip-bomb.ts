import zlib from 'node:zlib';

/**
 * A minimal .xlsx-shaped zip whose one worksheet inflates to `bytes` of one repeated byte (a few KB
 * compressed): the shape of the spreadsheet bomb of issue 47. Written by hand (stored CRCs are not checked
 * by the central-directory read that must refuse it).
 */
export const xlsxBomb = (bytes: number): Buffer => {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = zlib.deflateRawSync(Buffer.alloc(bytes, 0x20), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(bytes, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(bytes, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42); // offset of the local header
  const centralStart = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, name, data, central, name, end]);
};
