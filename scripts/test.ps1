# Install spades_voice with its test tools into .venv and run the tests, on Windows: what
# scripts/test.sh does. Start it as
#   powershell -ExecutionPolicy Bypass -File scripts\test.ps1
# Many tests need Linux's parts (Speech Dispatcher, BRLTTY, nginx, chromium, /proc) and say
# so when they skip.
Set-Location (Split-Path -Parent $PSScriptRoot)
$python = '.venv\Scripts\python.exe'
if (Get-Command py -ErrorAction SilentlyContinue) { & py -3 -m venv .venv } else { & python -m venv .venv }
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
& $python -m pip install -q --upgrade pip
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
& $python -m pip install -q -e '.[test]'
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
& $python -m pytest -q @args
exit $LASTEXITCODE
