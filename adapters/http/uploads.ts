import type { Request, Response } from 'express';
import { filetypeinfo } from 'magic-bytes.js';
import multer from 'multer';
import { ApiError } from './errors';

export interface UploadRule {
  /** Content types accepted, as the file's bytes say (never its name or declared type). */
  readonly accept: readonly string[];
  readonly maxBytes: number;
  /** Spanish names of the accepted types, for the refusal ("PDF, JPG o PNG"). */
  readonly acceptLabel: string;
  /** Plain text has no signature: when set, a file that is UTF-8 text (no NUL byte) is accepted as this type (CSV). */
  readonly textAs?: string;
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

/**
 * Reads one multipart file (field `file`) within the rule's size, checked by content: 413 past the size,
 * 415 for a type the bytes do not prove, 400 when no file came. Limits apply while streaming.
 */
export const readUpload = async (req: Request, res: Response, rule: UploadRule): Promise<Upload> => {
  const parser = multer({ storage: multer.memoryStorage(), limits: { fileSize: rule.maxBytes, files: 1, fields: 20, fieldSize: 10_000 } }).single('file');
  await new Promise<void>((resolve, reject) =>
    parser(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
        return reject(new ApiError('PAYLOAD_TOO_LARGE', [{ field: 'file', code: 'FILE_TOO_LARGE', message: `El archivo supera el máximo de ${megabytes(rule.maxBytes)} MB.` }]));
      if (error instanceof multer.MulterError) return reject(new ApiError('VALIDATION_FAILED', [{ field: error.field ?? 'file', code: 'INVALID_VALUE', message: 'Envíe un solo archivo en el campo «file».' }]));
      reject(new ApiError('VALIDATION_FAILED', [{ field: 'file', code: 'INVALID_VALUE', message: 'No se pudo leer el archivo enviado.' }]));
    }),
  );
  const file = req.file;
  if (!file) throw new ApiError('VALIDATION_FAILED', [{ field: 'file', code: 'REQUIRED', message: 'Elija un archivo.' }]);
  const sniffed =
    filetypeinfo(file.buffer).map((t) => t.mime).find((mime): mime is string => !!mime && rule.accept.includes(mime)) ??
    (rule.textAs && filetypeinfo(file.buffer).length === 0 && isUtf8Text(file.buffer) ? rule.textAs : undefined);
  if (!sniffed) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', [{ field: 'file', code: 'FILE_TYPE_NOT_ALLOWED', message: `Tipo de archivo no permitido: use ${rule.acceptLabel}.` }]);
  return { bytes: file.buffer, contentType: sniffed, originalName: file.originalname.slice(0, 200), fields: { ...(req.body as Record<string, string>) } };
};
