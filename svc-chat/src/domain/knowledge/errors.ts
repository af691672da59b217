import { type ErrorCode, errorText } from '@agentdock/contracts';
import { AppError } from '@agentdock/service-kit';

type KnowledgeFileCode = Extract<ErrorCode, `knowledge_file_${string}`>;

/** A file the knowledge base refuses: the message starts with the file's name, so the console can show it as is. */
export class KnowledgeFileError extends AppError {
  constructor(code: KnowledgeFileCode, fileName: string) {
    super(code, `${fileName}: ${errorText(code)}`);
  }
}

export class PassageNotFoundError extends AppError {
  constructor() {
    super('passage_not_found');
  }
}
