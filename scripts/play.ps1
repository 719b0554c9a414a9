# Start spades_voice on Windows from PowerShell: what scripts\play.cmd does. The first time
# it installs the game into .venv, then every start goes straight to the game; options are
# passed on. PowerShell runs a script file only when allowed, so start it as
#   powershell -ExecutionPolicy Bypass -File scripts\play.ps1
$play = Join-Path $PSScriptRoot 'play.py'
if (Get-Command py -ErrorAction SilentlyContinue) {
    & py -3 $play @args
} elseif (Get-Command python -ErrorAction SilentlyContinue) {
    & python $play @args
} else {
    Write-Output 'Python was not found. Install Python 3.11 or newer from python.org, then run this again.'
    exit 1
}
exit $LASTEXITCODE
