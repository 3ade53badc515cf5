import type { Request, Response } from 'express';
import { filetypeinfo } from 'magic-bytes.js';
import multer from 'multer';
import { looksLikeSvg } from '../files/sharp-image-processor';
import { ApiError } from './errors';

export interface UploadRule {
  /** Content types accepted, as the file's bytes say (never its name or declared type). */
  readonly accept: readonly string[];
  readonly maxBytes: number;
  /** Spanish names of the accepted types, for the refusal ("PDF, JPG o PNG"). */
  readonly acceptLabel: string;
  /** Plain text has no signature: when set, a file that is UTF-8 text (no NUL byte) is accepted as this type (CSV). */
  readonly textAs?: string;
  /** SVG is text too: when set, a text file whose root element is <svg> is accepted as image/svg+xml. */
  readonly svg?: boolean;
}

const isUtf8Text = (bytes: Buffer): boolean => {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

export interface Upload {
  readonly bytes: Buffer;
  readonly contentType: string;
  /** The uploader's name for the file: shown, never used as a path. */
  readonly originalName: string;
  readonly fields: Record<string, string>;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export interface UploadedFile {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly originalName: string;
}

const tooLarge = (rule: UploadRule) =>
  new ApiError('PAYLOAD_TOO_LARGE', [{ field: 'file', code: 'FILE_TOO_LARGE', message: `El archivo supera el máximo de ${megabytes(rule.maxBytes)} MB.` }]);

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The type the bytes prove, among the rule's; undefined when they prove none of them. */
const sniff = (bytes: Buffer, rule: UploadRule): string | undefined => {
  // An SVG is XML text (sniffers call it XML): its root element says what it is.
  if (rule.svg && looksLikeSvg(bytes)) return 'image/svg+xml';
  // Text with a UTF-8 byte-order mark (our own CSV templates, Excel's "CSV UTF-8"): sniffers name the mark, not a format.
  if (rule.textAs && bytes.subarray(0, 3).equals(UTF8_BOM) && isUtf8Text(bytes)) return rule.textAs;
  const known = filetypeinfo(bytes);
  const proven = known.map((t) => t.mime).find((mime): mime is string => !!mime && rule.accept.includes(mime));
  if (proven) return proven;
  if (known.length > 0) return undefined;
  return rule.textAs && isUtf8Text(bytes) ? rule.textAs : undefined;
};

/**
 * Reads the multipart files of field `file` (up to `maxFiles`) within the rule's size, each checked by
 * content: 413 past the size, 415 for a type the bytes do not prove, 400 when no file came. Limits apply
 * while streaming: a file past the size is cut off, never held whole in memory.
 */
export const readUploads = async (
  req: Request,
  res: Response,
  rule: UploadRule,
  maxFiles: number,
): Promise<{ files: UploadedFile[]; fields: Record<string, string | string[]> }> => {
  const parser = multer({ storage: multer.memoryStorage(), limits: { fileSize: rule.maxBytes, files: maxFiles, fields: 50, fieldSize: 10_000 } }).array(
    'file',
    maxFiles,
  );
  await new Promise<void>((resolve, reject) =>
    parser(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return reject(tooLarge(rule));
      if (error instanceof multer.MulterError && (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE'))
        return reject(
          new ApiError('VALIDATION_FAILED', [
            {
              field: 'file',
              code: 'TOO_MANY_FILES',
              message: maxFiles === 1 ? 'Envíe un solo archivo en el campo «file».' : `Envíe como máximo ${maxFiles} archivos en el campo «file».`,
            },
          ]),
        );
      if (error instanceof multer.MulterError)
        return reject(
          new ApiError('VALIDATION_FAILED', [{ field: error.field ?? 'file', code: 'INVALID_VALUE', message: 'Envíe los archivos en el campo «file».' }]),
        );
      reject(new ApiError('VALIDATION_FAILED', [{ field: 'file', code: 'INVALID_VALUE', message: 'No se pudo leer el archivo enviado.' }]));
    }),
  );
  const received = (req.files as Express.Multer.File[] | undefined) ?? [];
  if (received.length === 0) throw new ApiError('VALIDATION_FAILED', [{ field: 'file', code: 'REQUIRED', message: 'Elija un archivo.' }]);
  const files = received.map((file) => {
    const contentType = sniff(file.buffer, rule);
    if (!contentType)
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', [
        { field: 'file', code: 'FILE_TYPE_NOT_ALLOWED', message: `Tipo de archivo no permitido: use ${rule.acceptLabel}.` },
      ]);
    return { bytes: file.buffer, contentType, originalName: file.originalname.slice(0, 200) };
  });
  return { files, fields: { ...(req.body as Record<string, string | string[]>) } };
};

/** Reads one multipart file (field `file`): see readUploads. */
export const readUpload = async (req: Request, res: Response, rule: UploadRule): Promise<Upload> => {
  const { files, fields } = await readUploads(req, res, rule, 1);
  const single = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  return { ...files[0], fields: single };
};
