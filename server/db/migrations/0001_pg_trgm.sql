-- Trigram indexes serve the lists' "contains" searches (company, invoice number, e-mail, file name).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
