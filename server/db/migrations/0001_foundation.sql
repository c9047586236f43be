-- pgvector lives in public so that schemas made for tests share the one extension.
create extension if not exists vector with schema public;
