"""Entry point for ``spark-submit``: the ``deboiler-gui spark`` commands in a submitted job.

    spark-submit --master yarn "$(python -c 'import deboiler_gui.scale.submit as m; print(m.__file__)')" \\
        clean 's3a://bucket/crawl/*.warc.gz' --output s3a://bucket/clean/
"""

from __future__ import annotations

import sys

from deboiler_gui.cli.scale import spark_group

if __name__ == "__main__":
    # --master is left to spark-submit: the session it created is the active one.
    sys.exit(
        spark_group.main(args=sys.argv[1:], prog_name="deboiler-gui spark", standalone_mode=True)
    )
