"""The raw sources are byte-for-byte copies of the seeds, and the manifest describes each."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from scripts.errors import SourceFormatError
from scripts.curated.rulebook_src import read_rulebook_src
from scripts.paths import SRC
from scripts.pipeline.sources import FORMATS, load_manifest
from tests.rulebook_once import real_src, src_from_folder

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
EXPECTED_SHA256 = {
    "000_7e52110b4744ddd8.txt": "aa410200d0b62ab772a5afe302fb804f014fdd2b43f7b5d83a72e54a4b0a5ee3",
    "001_a5ef9e645b89cc13.txt": "4afe1f1f3c45a042c591ce756793f33ea3910a9d8e167e769adc711c8d13e3f2",
    "002_549ebc658c1eeca9.txt": "2bb32cedf13f978c030e7b1b93107b9a0e635b56b724feea7763cd01dba69df1",
    "003_7b9a7f9394e81f45.txt": "52fa27c1bd63605423e765f00de598e6e4bebb363d1419c40ed367951fa105f9",
    "004_96643fa00b38aa24.txt": "addf9734f6449a2c6c928c07fd1bae1975429ee5e237261eece2872a3d018f74",
}


@pytest.mark.parametrize("name,digest", sorted(EXPECTED_SHA256.items()))
def test_raw_file_hash(name, digest):
    assert hashlib.sha256((SRC / "raw" / name).read_bytes()).hexdigest() == digest


@pytest.mark.skipif(not SEEDS.is_dir(), reason="shared/seeds is not beside this checkout")
@pytest.mark.parametrize("name", sorted(EXPECTED_SHA256))
def test_raw_file_equals_seed(name):
    assert (SRC / "raw" / name).read_bytes() == (SEEDS / name).read_bytes()


def test_manifest_lists_every_raw_file_with_book_format_and_script():
    entries = load_manifest(real_src())
    assert {e.file for e in entries} == set(EXPECTED_SHA256)
    assert {e.book for e in entries} == {"laws", "regulations"}
    assert {e.format for e in entries} == set(FORMATS)
    assert all(e.script in ("simplified", "traditional") for e in entries)


def test_a_changed_raw_file_is_refused_naming_it(tmp_path):
    (tmp_path / "raw").mkdir()
    for name in EXPECTED_SHA256:
        (tmp_path / "raw" / name).write_bytes((SRC / "raw" / name).read_bytes())
    (tmp_path / "manifest.yml").write_text((SRC / "manifest.yml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "raw" / "001_a5ef9e645b89cc13.txt").write_bytes(b"edited")
    with pytest.raises(SourceFormatError, match=r"manifest.yml:[0-9]+: raw/001_a5ef9e645b89cc13.txt has sha256"):
        load_manifest(src_from_folder(tmp_path))


def copy_sources(tmp_path: Path) -> Path:
    import shutil

    src = tmp_path / "rulebook_src"
    shutil.copytree(SRC, src, ignore=shutil.ignore_patterns("__pycache__"))
    return src


def test_a_raw_file_the_manifest_does_not_list_stops_the_build(tmp_path):
    src = copy_sources(tmp_path)
    (src / "raw" / "005_extra.txt").write_text("第64条 多出来的文本\n", encoding="utf-8")
    with pytest.raises(SourceFormatError, match=r"rulebook_src/raw/005_extra\.txt:1: this raw file is not listed"):
        load_manifest(read_rulebook_src(src))


def test_a_raw_source_over_the_size_limit_stops_before_it_is_read(tmp_path):
    from scripts.errors import RulebookError
    from scripts.limits import MAX_RAW_SOURCE_BYTES

    src = copy_sources(tmp_path)
    raw = src / "raw" / "000_7e52110b4744ddd8.txt"
    with raw.open("ab") as file:
        file.truncate(MAX_RAW_SOURCE_BYTES + 1)  # sparse: no 2 MB written
    with pytest.raises(RulebookError, match=r"000_7e52110b4744ddd8\.txt:1: is 2000001 bytes, which exceeds the limit"):
        load_manifest(read_rulebook_src(src))
