import { MAX_STORES_PER_LOOKUP } from '../../shared/limits'

/** `--help`. Kept apart from the flag parser, with nothing heavy imported, so `--help` answers at once. */
export const USAGE = `Usage: inventory-lookup --env demo|sandbox|production --store LIST --input FILE --output FILE [options]
       inventory-lookup --env demo|sandbox|production --stores-file FILE --input FILE --output FILE [options]
       inventory-lookup --watchlist NAME --output FILE [options]
       inventory-lookup --resume ID|last --output FILE [options]
       inventory-lookup --history
       inventory-lookup --watchlists

Looks up store inventory for the values in FILE, exactly as the app does, and writes the results.
Every run is saved in the app's History, where the app shows it too.

Required:
  --env demo|sandbox|production   which environment to query
  --store LIST                    the store number, or several: 100,200-210 (commas, spaces and
                                  ranges, up to ${MAX_STORES_PER_LOOKUP} stores)
  --stores-file FILE              instead of --store: a .csv, .tsv, .txt or .xlsx with a column of
                                  store numbers (the one headed Store, else the first that reads
                                  as store numbers)
  --input FILE                    a .csv, .tsv, .txt or .xlsx list of values
  --output FILE|-                 where to write the results (- for standard output); the format
                                  follows the extension: .json, .ndjson (or .jsonl), .csv, .xlsx

Options:
  --format json|ndjson|csv|xlsx   the output's format, whatever its extension (needed with
                                  --output -); json and ndjson are for scripts: stable keys and
                                  status codes (schemas/inventory-lookup-output.schema.json), one
                                  document or one row per line; csv and xlsx keep the app's labels
  --item-type gtin|wm_item_number what the values are (default: gtin)
  --view items|by-item|locations|stores|matrix
                                  items: one row per value (per store and value with several
                                  stores) with its stock figures and status (default; an .xlsx
                                  also gets a Locations sheet); by-item: one row per value, out
                                  of stock in N of M stores, shelf empty in N, which stores,
                                  lowest and total On hand; locations: one row per inventory
                                  location; stores: one row per store with its counts and in-stock
                                  rate; matrix: one row per value, On hand in each store
  --client-id ID                  client ID (default: the one saved in the app's settings)
  --auth-url URL                  identity host to use instead of the configured one
  --base-url URL                  inventory host to use instead of the configured one
  --no-save                       do not keep this run in History
  --watchlist NAME                instead of --env, --store and --input: run the watchlist saved
                                  in the app (or with --save-watchlist) under that name, with its
                                  values, stores (a store group's current ones), environment and
                                  item type, labelled with it in History as the app's Run now is
  --save-watchlist NAME           keep this lookup's values (with the file's other columns) and
                                  stores as a watchlist of that name, which the app lists too, and
                                  run it as the watchlist's first run
  --resume ID|last                finish a cancelled or interrupted run (the latest one with "last"),
                                  looking up only the values it never answered, then write it all;
                                  for a run already complete, writes its results again
  --compare-with previous|ID      write, instead of the results, one row per value (per store and
                                  value, with a Store column, when a run has several stores)
                                  comparing this run with the latest earlier run of the same
                                  environment, set of stores and item type (previous; for a
                                  --watchlist, that watchlist's run before, as the app's "Since
                                  the last run") or with run ID: stock status and On hand then and now, the change, and
                                  whether it is newly out of stock, back in stock, changed,
                                  unchanged or only in one run
  --fail-on out-of-stock|failed|newly-out-of-stock
                                  exit with status 3 when the rows written have values out of
                                  stock, lookups that failed, or (with --compare-with) values out of
                                  stock now that had stock then; several: repeat it or use commas
  --history                       list the saved runs (newest first) and exit
  --watchlists                    list the saved watchlists (values, stores, schedule, last run)
                                  and exit
  --help                          show this help
  --version                       print the command's version

The client secret comes from the INVENTORY_CLIENT_SECRET environment variable, or from the file
INVENTORY_CLIENT_SECRET_FILE names (readable by its owner only: chmod 600), else from the keychain
entry the app saved. It is never accepted as a flag.

The Demo's stock changes from day to day; STORE_INVENTORY_DEMO_DATE=YYYY-MM-DD sets its day
(default: today).

Ctrl+C, SIGTERM and SIGHUP stop the run: what arrived is written and the run can be resumed.

Exit status: 0 every value was answered (found or not found), 1 some lookups failed, were
cancelled or stopped, or the output could not be written, 2 the command, the input file or the
credentials need fixing, 3 a --fail-on condition holds in the rows written.`
